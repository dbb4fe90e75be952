/**
 * The built-in engine's one model runtime, as the engine's tools call it: a worker thread per
 * server process (./worker.ts), started on the first call, each model loaded there once, on first
 * use, its load time logged. A call ends with the job's abort signal: the thread stops at its next
 * tile and the call rejects at once with the signal's reason.
 */
import { Worker } from 'node:worker_threads';
import type { Logger } from '../../../logger.ts';
import type { FaceLandmarks, Mask, ModelOp, ModelOps, ModelReplyMessage, ModelRequestMessage, ModelStatus, ModelThreadData, Pose, RgbImage } from './types.ts';

export interface CallOptions {
  signal?: AbortSignal;
  onProgress?: (percent: number) => void;
}

export interface ModelRuntime {
  pose(image: RgbImage, options?: CallOptions): Promise<Pose | null>;
  face(image: RgbImage, options?: CallOptions): Promise<FaceLandmarks | null>;
  personMask(image: RgbImage, options?: CallOptions): Promise<Mask>;
  upscale(image: RgbImage, scale: 2 | 4, options?: CallOptions): Promise<RgbImage>;
  /** Whether any subject can be cut (the ISNet add-on is on); without it only people can. */
  readonly anySubjectCutout: boolean;
  /** Any subject's mask; only when `anySubjectCutout`. */
  objectMask(image: RgbImage, options?: CallOptions): Promise<Mask>;
  status(): Promise<ModelStatus>;
  /** Stops the thread (tests, shutdown); the next call starts a new one. */
  close(): Promise<void>;
}

interface Pending {
  resolve(value: unknown): void;
  reject(error: unknown): void;
  onProgress?: (percent: number) => void;
}

export interface ModelRuntimeOptions {
  /** The ISNet add-on's folder (CUTOUT_ADDON=isnet, installed), else null. */
  isnetDir?: string | null;
}

function createModelRuntime(logger?: Logger, runtimeOptions: ModelRuntimeOptions = {}): ModelRuntime {
  const isnetDir = runtimeOptions.isnetDir ?? null;
  let worker: Worker | null = null;
  let nextId = 1;
  const pending = new Map<number, Pending>();

  const failAll = (error: Error) => {
    for (const waiting of pending.values()) waiting.reject(error);
    pending.clear();
  };

  const start = (): Worker => {
    if (worker) return worker;
    const thread = new Worker(new URL('./worker.ts', import.meta.url), { workerData: { isnetDir } satisfies ModelThreadData });
    // An idle model thread does not keep the process alive.
    thread.unref();
    thread.on('message', (message: ModelReplyMessage) => {
      if (message.type === 'loaded') {
        logger?.info({ area: 'models', model: message.model, loadMs: message.ms }, 'model loaded');
        return;
      }
      const waiting = pending.get(message.id);
      if (!waiting) return;
      if (message.type === 'progress') {
        waiting.onProgress?.(message.percent);
        return;
      }
      pending.delete(message.id);
      if (pending.size === 0) thread.unref();
      if (message.type === 'done') waiting.resolve(message.result);
      else waiting.reject(new Error(`model runtime: ${message.message}`));
    });
    thread.on('error', (error) => {
      logger?.error({ area: 'models', err: error }, 'model thread failed');
      worker = null;
      failAll(error);
    });
    thread.on('exit', () => {
      if (worker === thread) worker = null;
      failAll(new Error('model runtime: the model thread stopped'));
    });
    worker = thread;
    return thread;
  };

  function call<O extends ModelOp>(op: O, args: ModelOps[O]['args'], options: CallOptions = {}, transfer: ArrayBuffer[] = []): Promise<ModelOps[O]['result']> {
    const { signal, onProgress } = options;
    if (signal?.aborted) return Promise.reject(signal.reason);
    const thread = start();
    const id = nextId++;
    return new Promise((resolve, reject) => {
      const onAbort = () => {
        pending.delete(id);
        thread.postMessage({ type: 'cancel', id } satisfies ModelRequestMessage);
        reject(signal!.reason);
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      const settle =
        <T>(fn: (value: T) => void) =>
        (value: T) => {
          signal?.removeEventListener('abort', onAbort);
          fn(value);
        };
      pending.set(id, { resolve: settle(resolve as (value: unknown) => void), reject: settle(reject), onProgress });
      thread.ref();
      thread.postMessage({ type: 'run', id, op, args } satisfies ModelRequestMessage, transfer);
    });
  }

  // The image is copied to the thread (structured clone), so the caller keeps its buffer.
  return {
    pose: (image, options) => call('pose', { image }, options),
    face: (image, options) => call('face', { image }, options),
    personMask: (image, options) => call('personMask', { image }, options),
    upscale: (image, scale, options) => call('upscale', { image, scale }, options),
    anySubjectCutout: isnetDir !== null,
    objectMask: (image, options) => call('objectMask', { image }, options),
    status: () => call('status', {}),
    async close() {
      const thread = worker;
      worker = null;
      if (thread) await thread.terminate();
    },
  };
}

let shared: ModelRuntime | null = null;

/** The process's model runtime (the first caller's logger reports its loads, its options hold). */
export function modelRuntime(logger?: Logger, options?: ModelRuntimeOptions): ModelRuntime {
  shared ??= createModelRuntime(logger, options);
  return shared;
}

/** A runtime of its own (tests of the add-on, the bench), not the process's shared one. */
export const separateModelRuntime = createModelRuntime;
