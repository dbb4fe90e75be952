/**
 * Video work of the media area with the bundled ffprobe and ffmpeg: probing (duration, size,
 * codec, frame rate) and the poster frame. Every child process runs under a time limit (and the
 * caller's signal) and is killed with SIGKILL past it, so a hostile file cannot hang a request.
 */
import { stat } from 'node:fs/promises';
import { MAX_VIDEO_PIXELS, MAX_VIDEO_SIDE_PX } from '../../src/contract/media.ts';
import { mediaError, type MediaError } from './errors.ts';
import { FFMPEG_PATH, parseRate as frameRate, probe, runProcess, type ProbeResult } from '../ffmpeg/process.ts';
import type { SniffedType } from './sniff.ts';

/** Time limit of ffprobe on one file, in ms: it reads headers only. */
const PROBE_TIMEOUT_MS = 20_000;
/** Time limit of the duration scan (remuxing the stream to nowhere), in ms. */
const SCAN_TIMEOUT_MS = 60_000;
/** Time limit of extracting one poster frame, in ms. */
const POSTER_TIMEOUT_MS = 30_000;
/** How much of the duration scan's stderr is read, in characters: its last `time=` is near the end. */
const SCAN_STDERR_CHARS = 64 * 1024;
/** Where the poster frame is taken, in seconds: past a fade-in, yet early. */
const POSTER_AT_SECONDS = 0.5;

export interface VideoInfo {
  /** As displayed (a rotation in the container applied). */
  width: number;
  height: number;
  /** Null only when neither the container nor a scan of the stream tells. */
  durationSeconds: number | null;
  fps: number | null;
  /** ffprobe's codec name: h264, hevc, vp9, av1, … */
  codec: string;
}

function unreadable(cause: unknown): MediaError {
  return mediaError(422, 'unreadableFile', { cause });
}

/** '30000/1001' → 29.97; '0/0' → null. */
function parseRate(rate: string | undefined): number | null {
  const fps = frameRate(rate);
  return fps === null ? null : Math.round(fps * 1000) / 1000;
}

function parseSeconds(text: string | undefined): number | null {
  const seconds = text === undefined ? Number.NaN : Number(text);
  return Number.isFinite(seconds) && seconds > 0 ? seconds : null;
}

/** Which ffprobe demuxer family each sniffed container must come out as. */
const FORMAT_FAMILY: Readonly<Record<string, RegExp>> = {
  'video/mp4': /(^|,)mp4(,|$)/,
  'video/quicktime': /(^|,)mov(,|$)/,
  'video/webm': /(^|,)webm(,|$)/,
};

/**
 * Probes a video file. A file ffprobe cannot read, without a video stream, or whose container is
 * not the one its magic bytes claim, is refused (422 unreadableFile).
 */
export async function probeVideo(file: string, type: SniffedType, signal?: AbortSignal): Promise<VideoInfo> {
  let parsed: ProbeResult;
  try {
    parsed = await probe(file, { timeoutMs: PROBE_TIMEOUT_MS, signal });
  } catch (error) {
    if (signal?.aborted) throw error;
    throw unreadable(error);
  }
  const family = FORMAT_FAMILY[type.mime];
  if (!family?.test(parsed.format.format_name ?? '')) throw unreadable(new Error(`container is ${parsed.format.format_name ?? 'unknown'}, not ${type.mime}`));
  const stream = parsed.streams.find((candidate) => candidate.codec_type === 'video' && candidate.disposition?.attached_pic !== 1);
  if (!stream?.width || !stream.height || !stream.codec_name) throw unreadable(new Error('no video stream'));

  // ffprobe reads the frame size from the headers without decoding: a frame too large is refused
  // here, before the duration scan, the poster or any engine decodes one.
  const { width, height } = stream;
  if (width > MAX_VIDEO_SIDE_PX || height > MAX_VIDEO_SIDE_PX || width * height > MAX_VIDEO_PIXELS) {
    throw mediaError(422, 'videoTooLarge', { cause: new Error(`frame is ${width}×${height}`) });
  }

  const rotation = Number(stream.side_data_list?.find((data) => data.rotation !== undefined)?.rotation ?? stream.tags?.rotate ?? 0);
  const quarterTurn = Math.abs(rotation) % 180 === 90;
  const durationSeconds = parseSeconds(parsed.format.duration) ?? parseSeconds(stream.duration) ?? (await scanDuration(file, signal));
  return {
    width: quarterTurn ? stream.height : stream.width,
    height: quarterTurn ? stream.width : stream.height,
    durationSeconds,
    fps: parseRate(stream.avg_frame_rate) ?? parseRate(stream.r_frame_rate),
    codec: stream.codec_name,
  };
}

/**
 * The duration of a container that does not state it (a WebM recorded by a browser): the stream
 * is copied to nowhere, without decoding, and the last timestamp ffmpeg reports is read.
 */
async function scanDuration(file: string, signal?: AbortSignal): Promise<number | null> {
  try {
    const args = ['-hide_banner', '-nostdin', '-i', file, '-map', '0:v:0', '-c', 'copy', '-f', 'null', '-'];
    const { stderr } = await runProcess(FFMPEG_PATH, args, { timeoutMs: SCAN_TIMEOUT_MS, signal, stderrTailChars: SCAN_STDERR_CHARS });
    const times = [...stderr.matchAll(/time=(\d+):(\d{2}):(\d{2}(?:\.\d+)?)/g)];
    const last = times.at(-1);
    if (!last) return null;
    const seconds = Number(last[1]) * 3600 + Number(last[2]) * 60 + Number(last[3]);
    return seconds > 0 ? seconds : null;
  } catch (error) {
    if (signal?.aborted) throw error;
    return null;
  }
}

/**
 * How the media area's ffmpeg runs begin: errors only, no prompt, outputs overwritten, and
 * -max_pixels: the decoder itself refuses a frame past the limit, should a stream change size
 * after the headers ffprobe read.
 */
export const FFMPEG_DECODE_ARGS = ['-hide_banner', '-nostdin', '-v', 'error', '-y', '-max_pixels', String(MAX_VIDEO_PIXELS)] as const;

/**
 * Writes one frame as PNG to `target`: at POSTER_AT_SECONDS when the video is longer than twice
 * that, else the first frame (ffmpeg applies the container's rotation).
 * @throws MediaError 422 unreadableFile when no frame can be decoded
 */
export async function extractFrame(file: string, durationSeconds: number | null, target: string, signal?: AbortSignal): Promise<void> {
  const at = durationSeconds !== null && durationSeconds > 2 * POSTER_AT_SECONDS ? POSTER_AT_SECONDS : 0;
  const attempt = (seconds: number) =>
    runProcess(
      FFMPEG_PATH,
      [...FFMPEG_DECODE_ARGS, '-ss', String(seconds), '-i', file, '-map', '0:v:0', '-frames:v', '1', '-an', '-sn', '-c:v', 'png', '-f', 'image2', target],
      { timeoutMs: POSTER_TIMEOUT_MS, signal },
    );
  // ffmpeg exits 0 with no output when the seek lands past the last frame: check the file.
  const produced = async (): Promise<boolean> => ((await stat(target).catch(() => null))?.size ?? 0) > 0;
  try {
    await attempt(at);
    if (await produced()) return;
  } catch (error) {
    if (signal?.aborted || at === 0) throw signal?.aborted ? error : unreadable(error);
  }
  if (at !== 0) {
    // A seek past what can be decoded: the first frame then.
    try {
      await attempt(0);
    } catch (error) {
      if (signal?.aborted) throw error;
      throw unreadable(error);
    }
  }
  if (!(await produced())) throw unreadable(new Error('no frame could be decoded'));
}
