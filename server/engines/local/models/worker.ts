/**
 * The model thread: one per server process, started on the first model call (./client.ts).
 * tfjs's kernels run synchronously, so they run here, never on the thread that answers HTTP.
 * Requests run one at a time, in order: one set of weights and one tile in memory at once.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { isnetMask } from './isnet.ts';
import { resizeBilinear } from './tf-runtime.ts';
import { Cancelled, face, personMask, pose, status, upscale, type OpContext } from './ops.ts';
import type { ModelOp, ModelOps, ModelReplyMessage, ModelRequestMessage, ModelThreadData } from './types.ts';

const port = parentPort;
if (!port) throw new Error('the model runtime runs in a worker thread');

const { isnetDir } = workerData as ModelThreadData;
const cancelled = new Set<number>();
let isnetLoaded = false;
let queue: Promise<void> = Promise.resolve();

const send = (message: ModelReplyMessage, transfer: ArrayBuffer[] = []) => port.postMessage(message, transfer);

async function run(id: number, op: ModelOp, args: unknown): Promise<unknown> {
  const context: OpContext = {
    cancelled: () => cancelled.has(id),
    progress: (percent) => send({ type: 'progress', id, percent }),
    loaded: (model, ms) => send({ type: 'loaded', model, ms }),
  };
  if (context.cancelled()) throw new Cancelled();
  switch (op) {
    case 'pose':
      return pose((args as ModelOps['pose']['args']).image, context);
    case 'face':
      return face((args as ModelOps['face']['args']).image, context);
    case 'personMask':
      return personMask((args as ModelOps['personMask']['args']).image, context);
    case 'objectMask': {
      if (!isnetDir) throw new Error('the ISNet add-on is not turned on (CUTOUT_ADDON=isnet)');
      const started = performance.now();
      const mask = await isnetMask((args as ModelOps['objectMask']['args']).image, resizeBilinear, isnetDir);
      if (!isnetLoaded) {
        isnetLoaded = true;
        context.loaded('ISNet (add-on, first run with its load)', Math.round(performance.now() - started));
      }
      return mask;
    }
    case 'upscale': {
      const { image, scale } = args as ModelOps['upscale']['args'];
      return upscale(image, scale, context);
    }
    case 'status':
      return status();
  }
}

/** The pixel buffers of an answer, moved to the main thread rather than copied. */
function buffersOf(result: unknown): ArrayBuffer[] {
  const data = (result as { data?: unknown } | null)?.data;
  return data instanceof Uint8Array && data.buffer instanceof ArrayBuffer ? [data.buffer] : [];
}

/** Runs one request and sends its answer; never rejects, so the queue goes on. */
async function answer(id: number, op: ModelOp, args: unknown): Promise<void> {
  try {
    const result = await run(id, op, args);
    send({ type: 'done', id, result }, buffersOf(result));
  } catch (error) {
    send({ type: 'failed', id, message: error instanceof Error ? error.message : String(error), cancelled: error instanceof Cancelled });
  } finally {
    cancelled.delete(id);
  }
}

port.on('message', (message: ModelRequestMessage) => {
  if (message.type === 'cancel') {
    cancelled.add(message.id);
    return;
  }
  const { id, op, args } = message;
  queue = queue.then(() => answer(id, op, args));
});
