/**
 * The bundled ffmpeg and ffprobe (static 2018 builds from @ffmpeg-installer / @ffprobe-installer:
 * libx264, libx265, libvpx) run as child processes, for the media area (probing uploads, poster
 * frames) and the local engine (video tools).
 *
 * Every run can be cancelled (the caller's AbortSignal) and limited in time; either kills the
 * process with SIGKILL (partial output is discarded anyway, and a stuck or hostile decode must not
 * outlive its request or job), and the promise settles only once the process is gone. A failure
 * (the binary could not start, or exited non-zero) rejects with `fail(cause)`, by default the
 * ProcessFailedError itself, whose message ends with the tail of the process's stderr (for logs,
 * never shown to the person); a cancellation rejects with the signal's reason.
 */
import { spawn } from 'node:child_process';
import ffmpegInstaller from '@ffmpeg-installer/ffmpeg';
import ffprobeInstaller from '@ffprobe-installer/ffprobe';

export const FFMPEG_PATH: string = ffmpegInstaller.path;
export const FFPROBE_PATH: string = ffprobeInstaller.path;

/** How much of a process's stderr is kept, in characters (for the error's cause, or for parsing). */
const DEFAULT_STDERR_TAIL_CHARS = 4000;
/** Most stdout a process may print when it is collected, in characters (ffprobe's JSON is a few KB). */
const MAX_STDOUT_CHARS = 4 * 1024 * 1024;

/** A process that could not start, exited with a non-zero status, or printed too much. */
export class ProcessFailedError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'ProcessFailedError';
  }
}

export interface RunOptions {
  signal?: AbortSignal | undefined;
  /** Kills the process past this many ms (then rejects with the timeout's reason). */
  timeoutMs?: number;
  /** Called with each line of stdout; without it, stdout is collected and answered. */
  onLine?: (line: string) => void;
  /** How much of stderr is kept and answered, in characters. */
  stderrTailChars?: number;
  /** The error a failure rejects with (default: the ProcessFailedError itself). */
  fail?: (cause: Error) => Error;
}

export interface ProcessOutput {
  /** Empty when `onLine` took the lines. */
  stdout: string;
  /** The last `stderrTailChars` of stderr. */
  stderr: string;
}

/** Runs `binary` to completion (see the module's comment for cancellation and failures). */
export function runProcess(binary: string, args: readonly string[], options: RunOptions = {}): Promise<ProcessOutput> {
  const limits = [options.signal, options.timeoutMs === undefined ? undefined : AbortSignal.timeout(options.timeoutMs)].filter((s) => s !== undefined);
  const signal = limits.length > 1 ? AbortSignal.any(limits) : (limits[0] ?? new AbortController().signal);
  const fail = options.fail ?? ((cause: Error) => cause);
  const tailChars = options.stderrTailChars ?? DEFAULT_STDERR_TAIL_CHARS;
  const name = binary.split('/').pop();
  if (signal.aborted) return Promise.reject(signal.reason);
  return new Promise((resolve, reject) => {
    const child = spawn(binary, args, { stdio: ['ignore', 'pipe', 'pipe'], signal, killSignal: 'SIGKILL', windowsHide: true });
    let stdout = '';
    let stderr = '';
    let pending = '';
    let overflow = false;
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (chunk: string) => {
      if (!options.onLine) {
        stdout += chunk;
        if (stdout.length > MAX_STDOUT_CHARS && !overflow) {
          overflow = true;
          child.kill('SIGKILL');
        }
        return;
      }
      pending += chunk;
      const lines = pending.split('\n');
      pending = lines.pop() ?? '';
      for (const line of lines) options.onLine(line);
    });
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (chunk: string) => {
      stderr = (stderr + chunk).slice(-tailChars);
    });
    child.once('error', (error) => {
      // Aborted: the kill is under way; 'close' settles once the process is gone, so none
      // outlives its caller (and its work directory). A spawn failure has no process to wait for.
      if (signal.aborted && child.pid !== undefined) return;
      reject(signal.aborted ? signal.reason : fail(new ProcessFailedError(`${name} could not run: ${error.message}`, { cause: error })));
    });
    child.once('close', (code) => {
      if (pending) options.onLine?.(pending);
      if (signal.aborted) reject(signal.reason);
      else if (overflow) reject(fail(new ProcessFailedError(`${name} printed more than ${MAX_STDOUT_CHARS} characters`)));
      else if (code === 0) resolve({ stdout, stderr });
      else reject(fail(new ProcessFailedError(`${name} exited with ${code}: ${stderr.trim()}`)));
    });
  });
}

export interface RunFfmpegOptions {
  /** Arguments after the binary; `-progress pipe:1 -nostats` is added when `onProgress` is set. */
  args: readonly string[];
  signal: AbortSignal;
  /** Length of the output in seconds, to turn ffmpeg's `out_time` into a fraction. */
  outputSeconds?: number | undefined;
  /** Called with 0..1 as frames are written. */
  onProgress?: (fraction: number) => void;
  ffmpegPath?: string | undefined;
  fail?: RunOptions['fail'];
}

/** Runs ffmpeg quietly (only errors on stderr), with progress when asked. */
export async function runFfmpeg(options: RunFfmpegOptions): Promise<void> {
  const args = ['-hide_banner', '-nostdin', '-loglevel', 'error'];
  if (options.onProgress) args.push('-progress', 'pipe:1', '-nostats');
  args.push(...options.args);
  await runProcess(options.ffmpegPath ?? FFMPEG_PATH, args, {
    signal: options.signal,
    ...(options.fail ? { fail: options.fail } : {}),
    onLine: (line) => {
      if (!options.onProgress || !options.outputSeconds) return;
      // `out_time_ms` is in microseconds despite its name (ffmpeg's own quirk).
      const match = /^out_time_ms=(\d+)/.exec(line);
      if (match) options.onProgress(Math.min(1, Number(match[1]) / 1e6 / options.outputSeconds));
    },
  });
}

export interface ProbedStream {
  codec_type?: string;
  codec_name?: string;
  width?: number;
  height?: number;
  avg_frame_rate?: string;
  r_frame_rate?: string;
  pix_fmt?: string;
  codec_tag_string?: string;
  duration?: string;
  nb_frames?: string;
  tags?: { rotate?: string };
  side_data_list?: Array<{ rotation?: number | string }>;
  disposition?: { attached_pic?: number };
}

export interface ProbeResult {
  streams: ProbedStream[];
  format: { duration?: string; format_name?: string };
}

/** ffprobe's JSON view of a media file (streams and container). */
export async function probe(path: string, options: Pick<RunOptions, 'signal' | 'timeoutMs' | 'fail'> = {}): Promise<ProbeResult> {
  const { stdout } = await runProcess(FFPROBE_PATH, ['-v', 'error', '-print_format', 'json', '-show_streams', '-show_format', path], options);
  const parsed = JSON.parse(stdout) as Partial<ProbeResult>;
  return { streams: parsed.streams ?? [], format: parsed.format ?? {} };
}

/** `30000/1001` → 29.97…; null when unknown (`0/0`). */
export function parseRate(rate: string | undefined): number | null {
  if (!rate) return null;
  const [numerator, denominator] = rate.split('/').map(Number);
  if (!numerator || !denominator || !Number.isFinite(numerator / denominator)) return null;
  return numerator / denominator;
}
