/**
 * The bundled ffmpeg and ffprobe (static 2018 builds from @ffmpeg-installer / @ffprobe-installer:
 * libx264, libx265, libvpx) run as child processes: progress from `-progress pipe:1`, cancelled
 * through the job's AbortSignal, failures turned into EngineError with the tail of ffmpeg's log
 * as the cause (never shown to the person).
 */
import { spawn } from 'node:child_process';
import ffmpegInstaller from '@ffmpeg-installer/ffmpeg';
import ffprobeInstaller from '@ffprobe-installer/ffprobe';
import { EngineError } from '../types.ts';

export const FFMPEG_PATH: string = ffmpegInstaller.path;
export const FFPROBE_PATH: string = ffprobeInstaller.path;

/** How much of a failing process's stderr is kept for the error's cause, in characters. */
const STDERR_TAIL_CHARS = 4000;

export interface RunFfmpegOptions {
  /** Arguments after the binary; `-progress pipe:1 -nostats` is added when `onProgress` is set. */
  args: readonly string[];
  signal: AbortSignal;
  /** Length of the output in seconds, to turn ffmpeg's `out_time` into a fraction. */
  outputSeconds?: number;
  /** Called with 0..1 as frames are written. */
  onProgress?: (fraction: number) => void;
  ffmpegPath?: string;
}

/** Runs ffmpeg to completion; rejects with the abort reason when `signal` fires (the process is killed). */
export async function runFfmpeg(options: RunFfmpegOptions): Promise<void> {
  options.signal.throwIfAborted();
  const args = ['-hide_banner', '-nostdin', '-loglevel', 'error'];
  if (options.onProgress) args.push('-progress', 'pipe:1', '-nostats');
  args.push(...options.args);
  await runProcess(options.ffmpegPath ?? FFMPEG_PATH, args, options.signal, (line) => {
    if (!options.onProgress || !options.outputSeconds) return;
    // `out_time_ms` is in microseconds despite its name (ffmpeg's own quirk).
    const match = /^out_time_ms=(\d+)/.exec(line);
    if (match) options.onProgress(Math.min(1, Number(match[1]) / 1e6 / options.outputSeconds));
  });
}

export interface ProbedStream {
  codec_type: string;
  codec_name?: string;
  width?: number;
  height?: number;
  avg_frame_rate?: string;
  r_frame_rate?: string;
  pix_fmt?: string;
  codec_tag_string?: string;
  duration?: string;
  nb_frames?: string;
}

export interface ProbeResult {
  streams: ProbedStream[];
  format: { duration?: string; format_name?: string };
}

/** ffprobe's JSON view of a media file (streams and container). */
export async function probe(path: string, signal: AbortSignal = new AbortController().signal): Promise<ProbeResult> {
  let out = '';
  await runProcess(
    FFPROBE_PATH,
    ['-v', 'error', '-print_format', 'json', '-show_streams', '-show_format', path],
    signal,
    (line) => {
      out += `${line}\n`;
    },
  );
  return JSON.parse(out) as ProbeResult;
}

/** `30000/1001` → 29.97; null when unknown (`0/0`). */
export function parseRate(rate: string | undefined): number | null {
  if (!rate) return null;
  const [num, den] = rate.split('/').map(Number);
  if (!num || !den) return null;
  return num / den;
}

function runProcess(binary: string, args: string[], signal: AbortSignal, onLine: (line: string) => void): Promise<void> {
  return new Promise((resolve, reject) => {
    // SIGKILL: the partial output is discarded anyway, and a stuck encoder must not outlive the job.
    const child = spawn(binary, args, { stdio: ['ignore', 'pipe', 'pipe'], signal, killSignal: 'SIGKILL' });
    let stderr = '';
    let pending = '';
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (chunk: string) => {
      pending += chunk;
      const lines = pending.split('\n');
      pending = lines.pop() ?? '';
      for (const line of lines) onLine(line);
    });
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (chunk: string) => {
      stderr = (stderr + chunk).slice(-STDERR_TAIL_CHARS);
    });
    child.once('error', (error) => {
      // Aborted: the kill is under way; 'close' settles once the process is gone, so no ffmpeg
      // outlives the job (and its work directory). A spawn failure has no process to wait for.
      if (signal.aborted && child.pid !== undefined) return;
      reject(signal.aborted ? signal.reason : new EngineError('failedToProcess', { cause: error }));
    });
    child.once('close', (code) => {
      if (pending) onLine(pending);
      if (signal.aborted) reject(signal.reason);
      else if (code === 0) resolve();
      else reject(new EngineError('failedToProcess', { cause: new Error(`${binary.split('/').pop()} exited with ${code}: ${stderr.trim()}`) }));
    });
  });
}
