/**
 * The before/after examples of the service landing pages (/services/…), made by the product's
 * own built-in engine (server/engines/local) from original drawings (scripts/example-drawings.ts,
 * CC0), never retouched:
 *
 *   npx node scripts/make-examples.ts           writes public/examples/<tool>/*, the provenance
 *                                               file and src/features/site/landing/examples/<tool>.ts
 *   npx node scripts/make-examples.ts --check   makes everything again in a temporary directory
 *                                               and fails when a shipped file differs from it
 *
 * Each example is one `Engine.run` call, exactly as a worker makes it for a job. The only step
 * after the engine is the encoding for the web, the same for a source and a result: WebP for
 * pictures (lossy, WEBP below; alpha kept), the engine's MP4 as it is, and
 * the clip's first frame as its poster. public/examples/provenance.json records, for each
 * example, the engine's request and answer (its metadata and notes) and the SHA-256 of every
 * shipped file.
 */
import { createHash } from 'node:crypto';
import { copyFile, mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import sharp from 'sharp';
import type { Json } from '../server/db/schema.ts';
import { createLocalEngine } from '../server/engines/local/index.ts';
import type { EngineInputs, EngineRequest, InputFile } from '../server/engines/types.ts';
import { runFfmpeg } from '../server/ffmpeg/process.ts';
import type { Feature } from '../src/contract/tools.ts';
import { engineRequest, inputFile } from '../tests/fixtures/engines/images.ts';
import { aoDaiSvg, chinosSvg, hairMaskSvg, handbagSvg, modelSvg, portraitSvg, productSvg, shirtSvg, silkTrousersSvg } from './example-drawings.ts';

const ROOT = join(import.meta.dirname, '..');
/** Quality of the lossy WebP pictures (0-100), and libwebp's effort (0-6: slowest, smallest). */
const WEBP = { quality: 82, effort: 6 } as const;
/** A shipped clip above this many bytes fails the run: the page must stay light. */
const MAX_CLIP_BYTES = 400 * 1024;
/** All the examples together, bytes. */
const MAX_TOTAL_BYTES = 1.5 * 1024 * 1024;

interface Shipped {
  /** Path under public/, e.g. `examples/virtual-tryon/ao-dai-after.webp`. */
  file: string;
  width: number;
  height: number;
  bytes: number;
  sha256: string;
}

interface Example<F extends Feature = Feature> {
  tool: string;
  id: string;
  feature: F;
  /** Source drawings by input name (rendered to PNG, the way a seller uploads a photo). */
  inputs: (files: Record<string, InputFile>) => EngineInputs[F];
  params: EngineRequest<F>['params'];
  /** Which rendered drawings the page shows as the "before". */
  shows: string[];
}

const DRAWINGS: Record<string, () => string> = {
  model: modelSvg,
  'ao-dai': aoDaiSvg,
  'silk-trousers': silkTrousersSvg,
  shirt: shirtSvg,
  chinos: chinosSvg,
  product: productSvg,
  handbag: handbagSvg,
  portrait: portraitSvg,
  'hair-mask': hairMaskSvg,
};

const EXAMPLES: Example[] = [
  {
    tool: 'virtual-tryon',
    id: 'ao-dai',
    feature: 'virtual-tryon',
    inputs: (f) => ({
      model: f.model!,
      garments: [
        { ...f['ao-dai']!, category: 'dresses' },
        { ...f['silk-trousers']!, category: 'bottoms' },
      ],
    }),
    params: {},
    shows: ['model', 'ao-dai', 'silk-trousers'],
  } satisfies Example<'virtual-tryon'>,
  {
    tool: 'virtual-tryon',
    id: 'shirt',
    feature: 'virtual-tryon',
    inputs: (f) => ({
      model: f.model!,
      garments: [
        { ...f.shirt!, category: 'tops' },
        { ...f.chinos!, category: 'bottoms' },
      ],
    }),
    params: {},
    shows: ['model', 'shirt', 'chinos'],
  } satisfies Example<'virtual-tryon'>,
  {
    tool: 'image-editing',
    id: 'product',
    feature: 'image-editing',
    inputs: (f) => ({ images: [f.product!] }),
    params: { prompt: 'Tăng sáng, ấm hơn một chút, màu tươi hơn và làm nét' },
    shows: ['product'],
  } satisfies Example<'image-editing'>,
  {
    tool: 'image-editing',
    id: 'handbag',
    feature: 'image-editing',
    inputs: (f) => ({ images: [f.handbag!] }),
    params: { prompt: 'Xóa nền' },
    shows: ['handbag'],
  } satisfies Example<'image-editing'>,
  {
    tool: 'hairstyle-changer',
    id: 'auburn',
    feature: 'hairstyle-changer',
    inputs: (f) => ({ image: f.portrait!, mask: f['hair-mask']!, reference: null }),
    params: { style: 'long-straight-layer', prompt: 'Nhuộm nâu hạt dẻ' },
    shows: ['portrait', 'hair-mask'],
  } satisfies Example<'hairstyle-changer'>,
  {
    tool: 'hairstyle-changer',
    id: 'pink',
    feature: 'hairstyle-changer',
    inputs: (f) => ({ image: f.portrait!, mask: f['hair-mask']!, reference: null }),
    params: { style: 'long-straight-layer', prompt: 'Tóc hồng pastel' },
    shows: ['portrait', 'hair-mask'],
  } satisfies Example<'hairstyle-changer'>,
  {
    tool: 'body-generator',
    id: 'petite',
    feature: 'body-generator',
    inputs: () => ({ face: null }),
    params: { gender: 'female', height: 155, weight: 47, age: 24, skin_tone: 'light', body_type: 'ectomorph', aspect_ratio: '3:4', style_hints: ['đồ màu be'] },
    shows: [],
  } satisfies Example<'body-generator'>,
  {
    tool: 'body-generator',
    id: 'curvy',
    feature: 'body-generator',
    inputs: () => ({ face: null }),
    params: {
      gender: 'female',
      height: 163,
      weight: 66,
      age: 38,
      skin_tone: 'medium',
      body_type: 'endomorph',
      aspect_ratio: '3:4',
      style_hints: ['đồ màu xanh navy'],
    },
    shows: [],
  } satisfies Example<'body-generator'>,
  {
    tool: 'body-generator',
    id: 'athletic',
    feature: 'body-generator',
    inputs: () => ({ face: null }),
    params: { gender: 'male', height: 176, weight: 72, age: 29, skin_tone: 'tan', body_type: 'mesomorph', aspect_ratio: '3:4', style_hints: ['đồ màu xám'] },
    shows: [],
  } satisfies Example<'body-generator'>,
];

/** The image-to-video example animates the áo dài try-on result: one tool's output is the next one's input. */
const VIDEO_PARAMS: EngineRequest<'image-to-video'>['params'] = {
  model: 'seedance-v1',
  duration: 5,
  resolution: '480p',
  prompt: 'Phóng to chậm về phía người mẫu',
};

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/** Writes a picture as WebP under `out` and describes it. */
async function shipPicture(input: string, out: string, file: string, options: { lossless?: boolean } = {}): Promise<Shipped> {
  const target = join(out, file);
  await mkdir(dirname(target), { recursive: true });
  const pipeline = sharp(input).webp(options.lossless ? { lossless: true, effort: WEBP.effort } : { ...WEBP, alphaQuality: 90 });
  const info = await pipeline.toFile(target);
  const bytes = await readFile(target);
  return { file, width: info.width, height: info.height, bytes: bytes.length, sha256: sha256(bytes) };
}

async function runExample<F extends Feature>(example: Example<F>, files: Record<string, InputFile>, scratch: string) {
  const workDir = join(scratch, `${example.tool}-${example.id}`);
  await mkdir(workDir, { recursive: true });
  const request = engineRequest(example.feature, workDir, example.inputs(files), example.params);
  const result = await createLocalEngine().run(request);
  const output = result.outputs[0];
  if (!output || result.metadata.engine !== 'local') throw new Error(`${example.tool}/${example.id}: the engine gave no result`);
  return { request, result, output };
}

export async function makeExamples(out: string): Promise<void> {
  const scratch = await mkdtemp(join(tmpdir(), 'atelier-examples-'));
  try {
    const files: Record<string, InputFile> = {};
    for (const [name, draw] of Object.entries(DRAWINGS)) {
      const path = join(scratch, `${name}.png`);
      await sharp(Buffer.from(draw())).png().toFile(path);
      files[name] = await inputFile(path, name);
    }

    const provenance: Json[] = [];
    const pages: Record<string, Json[]> = {};
    const shippedFiles: Shipped[] = [];
    // A source shown by two examples (the model photo) is one file.
    const ship = (shipped: Shipped) => {
      if (!shippedFiles.some((s) => s.file === shipped.file)) shippedFiles.push(shipped);
      return shipped;
    };
    const picture = (s: Shipped): Json => ({ src: `/${s.file}`, width: s.width, height: s.height });
    let aoDaiResult = '';

    for (const example of EXAMPLES) {
      const { result, output } = await runExample(example, files, scratch);
      const before: Json[] = [];
      for (const name of example.shows) {
        before.push(picture(ship(await shipPicture(files[name]!.path, out, `examples/${example.tool}/${name}.webp`))));
      }
      const after = ship(await shipPicture(output.path, out, `examples/${example.tool}/${example.id}-after.webp`));
      if (example.tool === 'virtual-tryon' && example.id === 'ao-dai') aoDaiResult = output.path;
      (pages[example.tool] ??= []).push({ id: example.id, params: example.params as Json, before, after: picture(after) });
      provenance.push({
        tool: example.tool,
        id: example.id,
        feature: example.feature,
        inputs: example.shows,
        params: example.params as Json,
        engine: result.metadata,
        shipped: after.file,
      });
    }

    // Image to video, from the áo dài try-on result (as the studio passes a result on).
    const still = await inputFile(aoDaiResult, 'ao-dai-after');
    const videoDir = join(scratch, 'image-to-video');
    await mkdir(videoDir);
    const videoRequest = engineRequest('image-to-video', videoDir, { image: still }, VIDEO_PARAMS);
    const video = await createLocalEngine().run(videoRequest);
    const clip = video.outputs[0]!;
    const clipFile = 'examples/image-to-video/ao-dai.mp4';
    await mkdir(join(out, 'examples/image-to-video'), { recursive: true });
    await copyFile(clip.path, join(out, clipFile));
    const clipBytes = await readFile(join(out, clipFile));
    if (clipBytes.length > MAX_CLIP_BYTES) throw new Error(`The clip is ${clipBytes.length} bytes, over ${MAX_CLIP_BYTES}`);
    const width = Number(video.metadata.width);
    const height = Number(video.metadata.height);
    ship({ file: clipFile, width, height, bytes: clipBytes.length, sha256: sha256(clipBytes) });
    // The poster is the clip's own first frame, so the page shows nothing the clip does not.
    const frame = join(videoDir, 'poster.png');
    await runFfmpeg({ args: ['-y', '-i', clip.path, '-frames:v', '1', frame], signal: new AbortController().signal });
    const poster = ship(await shipPicture(frame, out, 'examples/image-to-video/ao-dai-poster.webp'));
    const source = ship(await shipPicture(aoDaiResult, out, 'examples/image-to-video/ao-dai-still.webp'));
    pages['image-to-video'] = [
      { id: 'ao-dai', params: VIDEO_PARAMS as Json, before: [picture(source)], after: { src: `/${clipFile}`, width, height, poster: `/${poster.file}` } },
    ];
    provenance.push({
      tool: 'image-to-video',
      id: 'ao-dai',
      feature: 'image-to-video',
      inputs: ['virtual-tryon/ao-dai-after'],
      params: VIDEO_PARAMS as Json,
      engine: video.metadata,
      shipped: clipFile,
    });

    const total = shippedFiles.reduce((sum, s) => sum + s.bytes, 0);
    if (total > MAX_TOTAL_BYTES) throw new Error(`The examples weigh ${total} bytes, over ${MAX_TOTAL_BYTES}`);
    const record = { generator: 'scripts/make-examples.ts', license: 'CC0-1.0', examples: provenance, files: shippedFiles.map((s) => ({ ...s })) };
    await writeFile(join(out, 'examples/provenance.json'), `${JSON.stringify(record, null, 2)}\n`);
    await mkdir(join(out, 'landing/examples'), { recursive: true });
    for (const [tool, list] of Object.entries(pages)) await writeFile(join(out, `landing/examples/${tool}.ts`), examplesModule(tool, list, total));
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
}

/** JSON with objects of plain values (a picture, the parameters) on one line each. */
const flat = (value: Json) =>
  JSON.stringify(value, null, 2).replace(/\{\n\s+([^{}[\]]*?)\n\s*\}/g, (_, inner: string) => `{ ${inner.replace(/\n\s+/g, ' ')} }`);

/**
 * One page's view of its examples: file, size and the parameters each was made with. One module
 * per tool, so a landing page's script carries its own examples and not the other pages'.
 */
function examplesModule(tool: string, list: Json[], total: number): string {
  return `/**
 * The examples of /services/${tool}, written by scripts/make-examples.ts (do not edit: run it again).
 * Every "after" is the built-in engine's own output (public/examples/provenance.json; ${Math.round(total / 1024)} KB for the five pages).
 */
import type { LandingExample } from '../types.ts';

export const ${tool.toUpperCase().replace(/-/g, '_')}_EXAMPLES = ${flat(list)} as const satisfies readonly LandingExample[];
`;
}

/** The generated modules, under src/features/site/ as under the staging directory. */
const MODULES = 'landing/examples';

/** Output paths: public/ for the files, src/features/site/landing/examples/ for the modules. */
async function install(staged: string): Promise<void> {
  const provenance = JSON.parse(await readFile(join(staged, 'examples/provenance.json'), 'utf8')) as { files: Shipped[] };
  // Everything there is made here but the licence, which is written by hand.
  for (const name of await readdir(join(ROOT, 'public/examples')).catch((): string[] => [])) {
    if (name !== 'LICENSE.md') await rm(join(ROOT, 'public/examples', name), { recursive: true, force: true });
  }
  for (const file of [...provenance.files.map((f) => f.file), 'examples/provenance.json']) {
    await mkdir(dirname(join(ROOT, 'public', file)), { recursive: true });
    await copyFile(join(staged, file), join(ROOT, 'public', file));
  }
  // The folder is the generator's alone: a tool no longer made leaves no module behind.
  await rm(join(ROOT, 'src/features/site', MODULES), { recursive: true, force: true });
  await mkdir(join(ROOT, 'src/features/site', MODULES), { recursive: true });
  for (const name of await readdir(join(staged, MODULES))) await copyFile(join(staged, MODULES, name), join(ROOT, 'src/features/site', MODULES, name));
}

async function check(staged: string): Promise<string[]> {
  const provenance = JSON.parse(await readFile(join(staged, 'examples/provenance.json'), 'utf8')) as { files: Shipped[] };
  const differ: string[] = [];
  const pairs = [...provenance.files.map((f) => f.file), 'examples/provenance.json'].map((file): [string, string] => [
    join(staged, file),
    join(ROOT, 'public', file),
  ]);
  // Every module made, and nothing else in the folder (a stale module would still be importable).
  const modules = await readdir(join(staged, MODULES));
  for (const name of modules) pairs.push([join(staged, MODULES, name), join(ROOT, 'src/features/site', MODULES, name)]);
  const shippedModules = await readdir(join(ROOT, 'src/features/site', MODULES)).catch((): string[] => []);
  for (const name of shippedModules) if (!modules.includes(name)) differ.push(`src/features/site/${MODULES}/${name} (not made any more)`);
  for (const [made, shipped] of pairs) {
    const [a, b] = await Promise.all([readFile(made), readFile(shipped).catch(() => null)]);
    if (!b || !a.equals(b)) differ.push(relative(ROOT, shipped));
  }
  return differ;
}

if (import.meta.main) {
  const staged = await mkdtemp(join(tmpdir(), 'atelier-examples-out-'));
  try {
    await makeExamples(staged);
    if (process.argv.includes('--check')) {
      const differ = await check(staged);
      if (differ.length > 0) {
        console.error(`Not what the engine makes now:\n  ${differ.join('\n  ')}`);
        process.exitCode = 1;
      } else console.log('Every shipped example is the engine’s output.');
    } else {
      await install(staged);
      console.log('Examples written to public/examples and src/features/site/landing/examples/.');
    }
  } finally {
    await rm(staged, { recursive: true, force: true });
  }
}
