/**
 * Video upscaler, locally: Lanczos scaling to factor × the input (or to the target
 * resolution's height, the width following the aspect ratio), frame-rate conversion to the
 * target fps, H.265 (libx265, tagged `hvc1` so Apple players accept it) by default or H.264 when
 * asked, yuv420p, +faststart; the audio is kept (re-encoded to AAC).
 *
 * Frame-rate conversion uses ffmpeg's `fps` filter (frames repeated or dropped at exact
 * timestamps). Motion-interpolated conversion (`minterpolate`) was measured on this class of
 * machine at about 17 frames per second on 480p input, too slow for videos up to 100 MB, so the
 * local engine does not use it (recorded in the metadata).
 *
 * Outputs are capped at the 4K UHD pixel count (3840×2160, the largest target resolution):
 * beyond it a 2-core machine cannot encode a 30 s clip inside the job's time limit. x265 runs
 * with the "superfast" preset and CRF 24, x264 with "veryfast" and CRF 20: a 5 s 1708×960 60 fps
 * clip encodes in a few seconds on two cores.
 */
import { join } from 'node:path';
import { FOUR_K_PIXELS } from '../../../src/contract/generation-params.ts';
import type { GenerationRequestOf } from '../../../src/contract/generations.schema.ts';
import { EngineError, failedToProcess, type EngineRequest, type EngineResult } from '../types.ts';
import { parseRate, probe, runFfmpeg } from '../../ffmpeg/process.ts';

type UpscaleVideoParams = GenerationRequestOf<'upscaler-video'>['params'];

const TARGET_HEIGHT: Readonly<Record<NonNullable<UpscaleVideoParams['target_resolution']>, number>> = {
  '720p': 720,
  '1080p': 1080,
  '1440p': 1440,
  '2160p': 2160,
};

/** Rounds down to even: yuv420p needs even sides, and the cap must hold after rounding. */
const evenDown = (value: number): number => Math.max(2, Math.floor(value / 2) * 2);

/** Output frame size (even sides), capped at the 4K UHD pixel count. */
export function upscaledFrame(
  width: number,
  height: number,
  params: Pick<UpscaleVideoParams, 'factor' | 'target_resolution'>,
): { width: number; height: number; capped: boolean } {
  let scale = params.target_resolution ? TARGET_HEIGHT[params.target_resolution] / Math.min(width, height) : params.factor;
  const capped = width * height * scale * scale > FOUR_K_PIXELS;
  if (capped) scale = Math.sqrt(FOUR_K_PIXELS / (width * height));
  return { width: evenDown(width * scale), height: evenDown(height * scale), capped };
}

export async function runUpscaleVideo(request: EngineRequest<'upscaler-video'>, options: { ffmpegPath?: string } = {}): Promise<EngineResult> {
  const { inputs, params, report, signal, workDir } = request;
  report('analyzingComposition', 5);
  const info = await probe(inputs.video.path, { signal, fail: failedToProcess });
  const video = info.streams.find((s) => s.codec_type === 'video');
  if (!video?.width || !video.height) throw new EngineError('failedToProcess', { cause: new Error('no video stream') });
  const hasAudio = info.streams.some((s) => s.codec_type === 'audio');
  const seconds = Number(info.format.duration ?? video.duration ?? inputs.video.durationSeconds ?? 0);
  const sourceFps = parseRate(video.avg_frame_rate) ?? parseRate(video.r_frame_rate) ?? inputs.video.fps;
  const frame = upscaledFrame(video.width, video.height, params);
  const codec = params.h264 ? 'h264' : 'hevc';
  signal.throwIfAborted();

  const name = `upscaled-video.mp4`;
  const output = join(workDir, name);
  const videoCodec = params.h264
    ? ['-c:v', 'libx264', '-preset', 'veryfast', '-crf', '20']
    : ['-c:v', 'libx265', '-preset', 'superfast', '-crf', '24', '-tag:v', 'hvc1', '-x265-params', 'log-level=error'];
  const args = [
    '-y',
    '-i',
    inputs.video.path,
    '-map',
    '0:v:0',
    ...(hasAudio ? ['-map', '0:a:0', '-c:a', 'aac', '-b:a', '160k'] : ['-an']),
    '-vf',
    `scale=${frame.width}:${frame.height}:flags=lanczos,setsar=1,fps=${params.target_fps},format=yuv420p`,
    ...videoCodec,
    '-movflags',
    '+faststart',
    output,
  ];
  report('renderingFrames', 10);
  await runFfmpeg({
    args,
    signal,
    outputSeconds: seconds > 0 ? seconds : undefined,
    ffmpegPath: options.ffmpegPath,
    fail: failedToProcess,
    onProgress: (fraction) => report('renderingFrames', Math.round(10 + 80 * fraction)),
  });
  report('finalizingVideo', 95);

  const notes = ['Frame-rate conversion repeats or drops frames (no motion interpolation on the local engine).'];
  if (frame.capped) notes.push('Output capped at the 4K UHD pixel count (3840×2160) on the local engine.');
  return {
    outputs: [{ path: output, mediaType: 'video', mime: 'video/mp4', kind: 'upscaled', roles: ['video'], name }],
    metadata: {
      engine: 'local',
      method: 'lanczos scaling, fps conversion, re-encode',
      codec,
      width: frame.width,
      height: frame.height,
      fps: params.target_fps,
      source: { width: video.width, height: video.height, fps: sourceFps === null ? null : Number(sourceFps.toFixed(3)), codec: video.codec_name ?? null },
      audio: hasAudio ? 'kept (AAC)' : 'none in the source',
      notes,
    },
  };
}
