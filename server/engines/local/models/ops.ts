/**
 * The model thread's work: each model loaded once, on first use, with its load time reported;
 * every answer in the pixels of the image that was sent. Runs inside ./worker.ts only.
 */
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { refineMask } from './guided-filter.ts';
import { fileUrl, networkAttempts, NODE_MODULES, tfRuntime, WEIGHTS_DIR, type Tf } from './tf-runtime.ts';
import { BODY_PARTS, FACE_OVAL, type FaceLandmarks, type Mask, type ModelStatus, type Pose, type RgbImage } from './types.ts';

const require = createRequire(import.meta.url);

/** How each op learns it was cancelled and reports progress. */
export interface OpContext {
  cancelled(): boolean;
  progress(percent: number): void;
  loaded(model: string, ms: number): void;
}

export class Cancelled extends Error {
  constructor() {
    super('cancelled');
  }
}

const loadTimes: Record<string, number> = {};
const loading = new Map<string, Promise<unknown>>();

/** Loads a model once per thread, timing the first load. */
function once<T>(name: string, context: OpContext, load: () => Promise<T>): Promise<T> {
  let pending = loading.get(name) as Promise<T> | undefined;
  if (!pending) {
    const started = performance.now();
    pending = load().then((model) => {
      loadTimes[name] = Math.round(performance.now() - started);
      context.loaded(name, loadTimes[name]);
      return model;
    });
    pending.catch(() => loading.delete(name));
    loading.set(name, pending);
  }
  return pending;
}

interface HumanResult {
  body: Array<{ score: number; keypoints: Array<{ part: string; position: [number, number]; score: number }> }>;
  face: Array<{ score: number; box: [number, number, number, number]; mesh: Array<[number, number, number]> }>;
}
interface HumanInstance {
  load(): Promise<void>;
  detect(input: unknown, config?: object): Promise<HumanResult>;
}

/** Human, loaded by file path (its exports map names no `./` paths), on the wasm backend with local models. */
function human(context: OpContext): Promise<HumanInstance> {
  return once('human (MoveNet Lightning, BlazeFace, FaceMesh, Iris)', context, async () => {
    await tfRuntime();
    const { Human } = require(join(NODE_MODULES, '@vladmandic/human/dist/human.node-wasm.js')) as { Human: new (config: object) => HumanInstance };
    const instance = new Human({
      backend: 'wasm',
      wasmPath: `${join(NODE_MODULES, '@tensorflow/tfjs-backend-wasm/dist')}/`,
      modelBasePath: fileUrl(`${join(NODE_MODULES, '@vladmandic/human/models')}/`),
      debug: false,
      async: false,
      warmup: 'none',
      cacheModels: false,
      cacheSensitivity: 0,
      skipAllowed: false,
      filter: { enabled: false },
      face: {
        enabled: true,
        detector: { rotation: false, maxDetected: 1, return: false, minConfidence: 0.5 },
        mesh: { enabled: true },
        iris: { enabled: true },
        emotion: { enabled: false },
        description: { enabled: false },
        antispoof: { enabled: false },
        liveness: { enabled: false },
      },
      body: { enabled: true, modelPath: 'movenet-lightning.json', maxDetected: 1, minConfidence: 0.2 },
      hand: { enabled: false },
      object: { enabled: false },
      gesture: { enabled: false },
      segmentation: { enabled: false },
    });
    await instance.load();
    return instance;
  });
}

function imageTensor(tf: Tf, image: RgbImage) {
  return tf.tensor4d(new Int32Array(image.data), [1, image.height, image.width, 3], 'int32');
}

/** Human answers both face and body at once; the op asks for one, so the other is switched off. */
async function detect(image: RgbImage, context: OpContext, what: 'face' | 'body'): Promise<HumanResult> {
  const { tf } = await tfRuntime();
  const model = await human(context);
  const input = imageTensor(tf, image);
  try {
    return await model.detect(input, { face: { enabled: what === 'face' }, body: { enabled: what === 'body' } });
  } finally {
    input.dispose();
  }
}

export async function pose(image: RgbImage, context: OpContext): Promise<Pose | null> {
  const found = (await detect(image, context, 'body')).body[0];
  if (!found) return null;
  const keypoints = {} as Pose['keypoints'];
  for (const part of BODY_PARTS) keypoints[part] = { x: 0, y: 0, score: 0 };
  for (const point of found.keypoints) {
    if ((BODY_PARTS as readonly string[]).includes(point.part)) {
      keypoints[point.part as (typeof BODY_PARTS)[number]] = { x: point.position[0], y: point.position[1], score: point.score };
    }
  }
  return { score: found.score, keypoints };
}

const centre = (points: Array<[number, number]>): [number, number] => [
  points.reduce((sum, [x]) => sum + x, 0) / points.length,
  points.reduce((sum, [, y]) => sum + y, 0) / points.length,
];

export async function face(image: RgbImage, context: OpContext): Promise<FaceLandmarks | null> {
  const found = (await detect(image, context, 'face')).face[0];
  if (!found || found.mesh.length < 468) return null;
  const mesh = found.mesh.map(([x, y]) => [x, y] as [number, number]);
  // MediaPipe's mesh: 33/133 are the corners of the eye on the image's left (the person's right), 263/362 the other.
  const rightEye = centre([mesh[33]!, mesh[133]!, mesh[159]!, mesh[145]!]);
  const leftEye = centre([mesh[263]!, mesh[362]!, mesh[386]!, mesh[374]!]);
  return { score: found.score, box: found.box, mesh, oval: FACE_OVAL.map((index) => mesh[index]!), leftEye, rightEye };
}

interface GraphModel {
  execute(input: unknown): unknown;
}

/** The selfie model's input side. */
const SELFIE_SIZE = 256;

/**
 * The photo shrunk to side × side (stretched, as the selfie model was trained), each pixel the
 * mean of the photo's pixels it covers: a plain bilinear sample of a 2 MP photo at 256 px reads
 * one pixel in six and aliases texture into the mask.
 */
export function areaShrink(image: RgbImage, side: number): Float32Array {
  const { data, width, height } = image;
  const out = new Float32Array(side * side * 3);
  const bounds = (length: number) => Array.from({ length: side + 1 }, (_, k) => Math.min(length, Math.round((k * length) / side)));
  const xs = bounds(width);
  const ys = bounds(height);
  for (let ty = 0; ty < side; ty++) {
    const y0 = ys[ty]!;
    const y1 = Math.max(y0 + 1, ys[ty + 1]!);
    for (let tx = 0; tx < side; tx++) {
      const x0 = xs[tx]!;
      const x1 = Math.max(x0 + 1, xs[tx + 1]!);
      let r = 0;
      let g = 0;
      let b = 0;
      for (let y = y0; y < y1; y++) {
        for (let x = x0; x < x1; x++) {
          const i = (Math.min(height - 1, y) * width + Math.min(width - 1, x)) * 3;
          r += data[i]!;
          g += data[i + 1]!;
          b += data[i + 2]!;
        }
      }
      const n = (y1 - y0) * (x1 - x0) * 255;
      const o = (ty * side + tx) * 3;
      out[o] = r / n;
      out[o + 1] = g / n;
      out[o + 2] = b / n;
    }
  }
  return out;
}

/** The person mask: the selfie model on the photo shrunk to 256², refined on the full-size photo (./guided-filter.ts `refineMask`). */
export async function personMask(image: RgbImage, context: OpContext): Promise<Mask> {
  const { tf } = await tfRuntime();
  const model = await once(
    'MediaPipe Selfie Segmentation',
    context,
    () => tf.loadGraphModel(fileUrl(join(WEIGHTS_DIR, 'selfie/selfie.json'))) as Promise<GraphModel>,
  );
  const { width, height } = image;
  const output = tf.tidy(() => model.execute(tf.tensor4d(areaShrink(image, SELFIE_SIZE), [1, SELFIE_SIZE, SELFIE_SIZE, 3])) as ReturnType<Tf['tensor4d']>);
  const coarse = (await output.data()) as Float32Array;
  output.dispose();
  if (context.cancelled()) throw new Cancelled();
  const refined = refineMask(image.data, width, height, coarse, SELFIE_SIZE, SELFIE_SIZE);
  const data = new Uint8Array(width * height);
  for (let i = 0; i < data.length; i++) data[i] = Math.round(refined[i]! * 255);
  return { data, width, height };
}

interface LayersModel {
  predict(input: unknown): unknown;
}

/** ESRGAN's tile, in input pixels, and the margin each tile reads past its edges so seams do not show. */
const TILE = 128;
const MARGIN = 8;

export async function upscale(image: RgbImage, scale: 2 | 4, context: OpContext): Promise<RgbImage> {
  const { tf, layers } = await tfRuntime();
  const model = await once(
    `ESRGAN slim ×${scale}`,
    context,
    () => layers.loadLayersModel(fileUrl(join(WEIGHTS_DIR, `esrgan-slim-x${scale}/model.json`))) as Promise<LayersModel>,
  );
  const { width, height, data } = image;
  const out = new Uint8Array(width * scale * height * scale * 3);
  const columns = Math.ceil(width / TILE);
  const rows = Math.ceil(height / TILE);
  let done = 0;
  for (let row = 0; row < rows; row++) {
    for (let column = 0; column < columns; column++) {
      if (context.cancelled()) throw new Cancelled();
      const x0 = column * TILE;
      const y0 = row * TILE;
      const x1 = Math.min(width, x0 + TILE);
      const y1 = Math.min(height, y0 + TILE);
      const rx0 = Math.max(0, x0 - MARGIN);
      const ry0 = Math.max(0, y0 - MARGIN);
      const rx1 = Math.min(width, x1 + MARGIN);
      const ry1 = Math.min(height, y1 + MARGIN);
      const tw = rx1 - rx0;
      const th = ry1 - ry0;
      const tile = new Float32Array(tw * th * 3);
      for (let y = 0; y < th; y++) {
        for (let x = 0; x < tw * 3; x++) tile[y * tw * 3 + x] = data[((ry0 + y) * width + rx0) * 3 + x]! / 255;
      }
      const result = tf.tidy(() => {
        const predicted = model.predict(tf.tensor4d(tile, [1, th, tw, 3])) as ReturnType<Tf['tensor4d']>;
        return tf.cast(tf.round(tf.mul(tf.clipByValue(predicted, 0, 1), 255)), 'int32');
      });
      const pixels = (await result.data()) as Int32Array;
      result.dispose();
      const ow = tw * scale;
      for (let y = (y0 - ry0) * scale; y < (y1 - ry0) * scale; y++) {
        const targetRow = (ry0 * scale + y) * width * scale;
        for (let x = (x0 - rx0) * scale; x < (x1 - rx0) * scale; x++) {
          const source = (y * ow + x) * 3;
          const target = (targetRow + rx0 * scale + x) * 3;
          out[target] = pixels[source]!;
          out[target + 1] = pixels[source + 1]!;
          out[target + 2] = pixels[source + 2]!;
        }
      }
      done++;
      context.progress(Math.round((done / (rows * columns)) * 100));
      // Lets a cancel message in between tiles.
      await new Promise((resolve) => setImmediate(resolve));
    }
  }
  return { data: out, width: width * scale, height: height * scale };
}

export function status(): ModelStatus {
  return { loaded: { ...loadTimes }, networkAttempts: [...networkAttempts] };
}
