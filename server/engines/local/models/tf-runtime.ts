/**
 * The model thread's TensorFlow.js: the WebAssembly backend from node_modules, models read from
 * local files through a `file://` loader, and the network refused. Runs inside the model worker
 * only (./worker.ts): tfjs holds one global engine, and its kernels block the thread they run on.
 */
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const require = createRequire(import.meta.url);

/** The project's node_modules folder, found from where tfjs itself resolves. */
export const NODE_MODULES = (() => {
  const wasmEntry = require.resolve('@tensorflow/tfjs-backend-wasm');
  return wasmEntry.slice(0, wasmEntry.lastIndexOf('node_modules') + 'node_modules'.length);
})();

/** The weights committed beside this file (copied from their registry packages; see weights/README.md). */
export const WEIGHTS_DIR = join(dirname(fileURLToPath(import.meta.url)), 'weights');

/** The folder of the wasm binaries; tfjs's default is a CDN. */
const WASM_DIR = `${join(NODE_MODULES, '@tensorflow/tfjs-backend-wasm/dist')}/`;

export type Tf = typeof import('@tensorflow/tfjs-core') &
  typeof import('@tensorflow/tfjs-converter') &
  Pick<typeof import('@tensorflow/tfjs-backend-wasm'), 'setWasmPaths'>;
export type TfLayers = typeof import('@tensorflow/tfjs-layers');

/** Every attempt anything in this thread made to reach the network (the offline test reads it). */
export const networkAttempts: string[] = [];

/**
 * Refuses the network in this thread: `fetch` throws and is recorded. tfjs reaches the network
 * only through fetch (its http loader) and Human through tfjs; a model that is not on disk fails
 * loudly instead of being downloaded.
 */
function refuseNetwork(): void {
  globalThis.fetch = ((input: unknown) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : String((input as { url?: string }).url ?? input);
    networkAttempts.push(url);
    return Promise.reject(new Error(`the model runtime never uses the network (asked for ${url})`));
  }) as typeof fetch;
}

/** A tfjs IO handler reading a model.json and its weight shards from disk. */
function fileHandler(url: string) {
  const path = fileURLToPath(url);
  return {
    async load() {
      const json = JSON.parse(await readFile(path, 'utf8')) as {
        modelTopology: object;
        weightsManifest: Array<{ paths: string[]; weights: unknown[] }>;
        format?: string;
        generatedBy?: string;
        convertedBy?: string;
        signature?: object;
        userDefinedMetadata?: Record<string, object>;
        modelInitializer?: object;
      };
      const specs = [];
      const buffers: Buffer[] = [];
      for (const group of json.weightsManifest) {
        specs.push(...group.weights);
        for (const shard of group.paths) buffers.push(await readFile(join(dirname(path), shard)));
      }
      const total = Buffer.concat(buffers);
      const weightData = total.buffer.slice(total.byteOffset, total.byteOffset + total.byteLength);
      return {
        modelTopology: json.modelTopology,
        weightSpecs: specs,
        weightData,
        format: json.format,
        generatedBy: json.generatedBy,
        convertedBy: json.convertedBy,
        signature: json.signature,
        userDefinedMetadata: json.userDefinedMetadata,
        modelInitializer: json.modelInitializer,
      } as unknown as ReturnType<NonNullable<ReturnType<Tf['io']['getLoadHandlers']>[number]['load']>>;
    },
  };
}

let ready: Promise<{ tf: Tf; layers: TfLayers }> | null = null;

/** Sets up tfjs on wasm once per thread: the local binaries, the file loader, no network. */
export function tfRuntime(): Promise<{ tf: Tf; layers: TfLayers }> {
  ready ??= (async () => {
    refuseNetwork();
    const core = require('@tensorflow/tfjs-core') as Tf;
    const wasm = require('@tensorflow/tfjs-backend-wasm') as typeof import('@tensorflow/tfjs-backend-wasm');
    const layers = require('@tensorflow/tfjs-layers') as TfLayers;
    const tf = { ...core, ...(require('@tensorflow/tfjs-converter') as object), setWasmPaths: wasm.setWasmPaths } as Tf;
    wasm.setWasmPaths(WASM_DIR);
    core.io.registerLoadRouter((url: string | string[]) => (typeof url === 'string' && url.startsWith('file://') ? fileHandler(url) : null) as never);
    await core.setBackend('wasm');
    await core.ready();
    core.enableProdMode();
    return { tf, layers };
  })();
  return ready;
}

/** Bilinear resize of interleaved float pixels (width × height × channels) on the wasm backend. */
export async function resizeBilinear(data: Float32Array, from: [number, number], to: [number, number], channels: number): Promise<Float32Array> {
  const { tf } = await tfRuntime();
  const resized = tf.tidy(() => tf.image.resizeBilinear(tf.tensor3d(data, [from[1], from[0], channels]), [to[1], to[0]], false));
  const out = (await resized.data()) as Float32Array;
  resized.dispose();
  return out;
}

/** A file:// URL of a path, as tfjs's loaders take it. */
export function fileUrl(path: string): string {
  return `file://${path}`;
}
