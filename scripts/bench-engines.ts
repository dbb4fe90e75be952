/**
 * Local engine timings (`node scripts/bench-engines.ts`, part of `npm run bench`, alone with
 * `npm run bench -- --only=engines`): each tool of the local engine on a ~2 MP input (targets: an
 * image tool <= 2 s; a 5 s 480p video <= 10 s; a tool running a model, its promised wait from the
 * tool catalogue), plus a few heavier variants for reference. Inputs are drawn at start-up (SVG
 * via sharp, clips via the bundled ffmpeg; the model cases a photo fixture enlarged) into a
 * temporary directory that is removed afterwards. Each case runs `BENCH_ENGINE_RUNS` times
 * (default 3); the median is reported. A case that runs models starts a fresh model thread and
 * reports the models' load times from its first run, then its median over warm runs. Every case
 * also runs twice at once, the process's resident memory (the model thread's included) sampled
 * meanwhile: its peak is the row's memory figure.
 */
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { DEFAULT_EXPECTED_SECONDS } from '../src/contract/expected-durations.ts';
import type { Feature } from '../src/contract/tools.ts';
import { createLocalEngine } from '../server/engines/local/index.ts';
import { modelRuntime } from '../server/engines/local/models/client.ts';
import type { EngineInputs, EngineRequest } from '../server/engines/types.ts';
import { sized } from './bench-mode.ts';
import { engineRequest, garmentSvg, hairMaskSvg, inputFile, makeClip, modelPhotoSvg, portraitSvg, sceneSvg } from '../tests/fixtures/engines/images.ts';

const RUNS = sized(Number(process.env.BENCH_ENGINE_RUNS ?? 3), 1);
/** The smoke draws its inputs at a quarter of the size (a sixteenth of the pixels). */
const SCALE = sized(1, 0.25);
/** The model cases' photo, smaller still in the smoke (a model run at a sixteenth of 2 MP takes seconds). */
const MODEL_SCALE = sized(1, 0.1);
/** Targets, in milliseconds. */
const IMAGE_TARGET_MS = 2000;
const VIDEO_TARGET_MS = 10_000;
/** How often the resident memory is sampled while two runs go at once, ms. */
const RSS_SAMPLE_MS = 20;
const PHOTOS = join(import.meta.dirname, '../tests/fixtures/engines/photos');

interface Case<F extends Feature = Feature> {
  label: string;
  feature: F;
  inputs: EngineInputs[F];
  params: EngineRequest<F>['params'];
  /** The target the case is held to (null: for reference only). */
  targetMs: number | null;
  /** Runs models: a fresh model thread first, their load times reported. */
  models?: boolean;
}

export interface EngineRow {
  label: string;
  medianMs: number;
  targetMs: number | null;
  /** Each model's load time on the case's first run, and that whole first run (models cases only), ms. */
  loads?: Record<string, number>;
  firstMs?: number;
  /** How the model case's runs went (the result's `method`), with counts: a busy machine makes the upscaler fall back. */
  methods?: Record<string, number>;
  /** Peak resident memory of the process while the case ran twice at once, and before, MB. */
  peakRssMb: number;
  baseRssMb: number;
}

/** Renders an SVG scaled to `width`×`height` (px, times SCALE) into a file. */
async function draw(svg: string, width: number, height: number, path: string): Promise<string> {
  const pipeline = sharp(Buffer.from(svg)).resize(Math.round(width * SCALE), Math.round(height * SCALE), { fit: 'fill', kernel: 'lanczos3' });
  await (path.endsWith('.png') ? pipeline.png() : pipeline.flatten({ background: '#fff' }).jpeg({ quality: 92 })).toFile(path);
  return path;
}

/** Runs `work` while sampling the process's resident memory: the peak and the figure before, MB. */
async function peakRss(work: () => Promise<unknown>): Promise<{ peakMb: number; baseMb: number }> {
  const base = process.memoryUsage.rss();
  let peak = base;
  const timer = setInterval(() => (peak = Math.max(peak, process.memoryUsage.rss())), RSS_SAMPLE_MS);
  try {
    await work();
  } finally {
    clearInterval(timer);
  }
  peak = Math.max(peak, process.memoryUsage.rss());
  return { peakMb: Math.round(peak / 2 ** 20), baseMb: Math.round(base / 2 ** 20) };
}

export async function benchEngines(): Promise<EngineRow[]> {
  const dir = await mkdtemp(join(tmpdir(), 'atelier-bench-engines-'));
  try {
    // ~2 MP inputs: 1155×1732 portrait (model, portrait), 1732×1155 landscape (scene).
    const model = await inputFile(await draw(modelPhotoSvg(), 1155, 1732, join(dir, 'model.jpg')));
    const top = await inputFile(await draw(garmentSvg('tops'), 1000, 1040, join(dir, 'top.jpg')));
    const trousers = await inputFile(await draw(garmentSvg('bottoms'), 1000, 1040, join(dir, 'trousers.jpg')));
    const coat = await inputFile(await draw(garmentSvg('outerwear'), 1000, 1040, join(dir, 'coat.jpg')));
    const scene = await inputFile(await draw(sceneSvg(1732, 1155), 1732, 1155, join(dir, 'scene.jpg')));
    const product = await inputFile(await draw(garmentSvg('dresses'), 1386, 1444, join(dir, 'product.jpg')));
    const portrait = await inputFile(await draw(portraitSvg(), 1264, 1580, join(dir, 'portrait.jpg')));
    const mask = await inputFile(await draw(hairMaskSvg(), 632, 790, join(dir, 'mask.png')));
    // A real photo for the models (a person on a busy backdrop), enlarged to ~1, ~2 and ~2.5 MP.
    const photoAt = async (width: number, height: number, name: string) =>
      inputFile(
        await sharp(join(PHOTOS, 'portrait-busy.jpg'))
          .resize(Math.round(width * MODEL_SCALE), Math.round(height * MODEL_SCALE), { fit: 'fill', kernel: 'lanczos3' })
          .jpeg({ quality: 92 })
          .toFile(join(dir, name))
          .then(() => join(dir, name)),
      );
    const photo1mp = await photoAt(1154, 870, 'photo-1mp.jpg');
    const photo2mp = await photoAt(1632, 1230, 'photo-2mp.jpg');
    const photo25mp = await photoAt(1824, 1375, 'photo-2.5mp.jpg');
    const clip = await inputFile(
      await makeClip(join(dir, 'clip.mp4'), {
        seconds: sized(5, 1),
        width: 2 * Math.round(427 * SCALE),
        height: 2 * Math.round(240 * SCALE),
        fps: 24,
        audio: true,
      }),
    );

    const upscale = {
      model: 'standard-v2',
      subject_detection: 'all',
      face_enhancement: false,
      face_enhancement_strength: 0.8,
      face_enhancement_creativity: 0,
      crop_to_fill: false,
    } as const;
    /** The upscaler's promised wait on the built-in engine (the tool catalogue's), ms. */
    const UPSCALE_TARGET_MS = DEFAULT_EXPECTED_SECONDS.local['upscaler-image'].max * 1000;
    const cases: Case[] = [
      {
        label: 'try-on, 1 garment (2 MP model photo)',
        feature: 'virtual-tryon',
        inputs: { model, garments: [{ ...top, category: 'tops' }] },
        params: {},
        targetMs: IMAGE_TARGET_MS,
        models: true,
      },
      {
        label: 'try-on, 3 garments',
        feature: 'virtual-tryon',
        inputs: {
          model,
          garments: [
            { ...trousers, category: 'bottoms' },
            { ...top, category: 'tops' },
            { ...coat, category: 'outerwear' },
          ],
        },
        params: {},
        targetMs: null,
      },
      {
        label: 'image editing, 4 edits (2 MP)',
        feature: 'image-editing',
        inputs: { images: [scene] },
        params: { prompt: 'tăng sáng, tương phản, rực rỡ, làm nét' },
        targetMs: IMAGE_TARGET_MS,
      },
      {
        label: 'image editing, remove background (2 MP)',
        feature: 'image-editing',
        inputs: { images: [product] },
        params: { prompt: 'xóa nền' },
        targetMs: IMAGE_TARGET_MS,
        models: true,
      },
      {
        label: 'body generator (1024×1536)',
        feature: 'body-generator',
        inputs: { face: null },
        params: { gender: 'female', height: 168, weight: 58, age: 30, skin_tone: 'medium', body_type: 'mesomorph', aspect_ratio: '2:3' },
        targetMs: IMAGE_TARGET_MS,
      },
      {
        label: 'hairstyle (2 MP)',
        feature: 'hairstyle-changer',
        inputs: { image: portrait, mask, reference: null },
        params: { style: 'pixie', color: '#c9a25a' },
        targetMs: IMAGE_TARGET_MS,
        models: true,
      },
      {
        label: 'upscaler image ×2, ESRGAN, foreground + face (2 MP photo)',
        feature: 'upscaler-image',
        inputs: { image: photo2mp },
        params: { ...upscale, factor: 2, output_format: 'jpeg', subject_detection: 'foreground', face_enhancement: true },
        targetMs: UPSCALE_TARGET_MS,
        models: true,
      },
      {
        label: 'upscaler image ×2, ESRGAN (2 MP photo → 8 MP)',
        feature: 'upscaler-image',
        inputs: { image: photo2mp },
        params: { ...upscale, factor: 2, output_format: 'jpeg' },
        targetMs: UPSCALE_TARGET_MS,
        models: true,
      },
      {
        label: 'upscaler image ×2, ESRGAN (1 MP photo → 4 MP)',
        feature: 'upscaler-image',
        inputs: { image: photo1mp },
        params: { ...upscale, factor: 2, output_format: 'jpeg' },
        targetMs: UPSCALE_TARGET_MS,
        models: true,
      },
      {
        label: 'upscaler image ×2, Lanczos (2.5 MP: past ESRGAN)',
        feature: 'upscaler-image',
        inputs: { image: photo25mp },
        params: { ...upscale, factor: 2, output_format: 'jpeg' },
        targetMs: IMAGE_TARGET_MS,
      },
      {
        label: 'upscaler image ×4, Lanczos (2 MP → 32 MP)',
        feature: 'upscaler-image',
        inputs: { image: scene },
        params: { ...upscale, factor: 4, output_format: 'jpeg' },
        targetMs: null,
      },
      {
        label: 'image to video 5 s 480p + audio (2 MP still)',
        feature: 'image-to-video',
        inputs: { image: scene },
        params: { model: 'seedance-v1', duration: 5, resolution: '480p', generate_audio: true },
        targetMs: VIDEO_TARGET_MS,
        models: true,
      },
      {
        label: 'image to video 5 s 1080p',
        feature: 'image-to-video',
        inputs: { image: scene },
        params: { model: 'seedance-v1', duration: 5, resolution: '1080p' },
        targetMs: null,
      },
      {
        label: 'upscaler video 5 s 480p ×2 → H.265 30 fps',
        feature: 'upscaler-video',
        inputs: { video: clip },
        params: { factor: 2, target_fps: 30, h264: false },
        targetMs: null,
      },
    ];

    // The smoke runs each tool once: the first case of each feature.
    const run = sized(
      cases,
      cases.filter((item, index) => cases.findIndex((other) => other.feature === item.feature) === index),
    );
    const engine = createLocalEngine();
    const rows: EngineRow[] = [];
    let n = 0;
    let methods: Record<string, number> = {};
    const once = async (item: Case) => {
      const workDir = join(dir, `run-${++n}`);
      await mkdir(workDir);
      const request = engineRequest(item.feature, workDir, item.inputs, item.params);
      const started = performance.now();
      const result = await engine.run(request);
      const ms = performance.now() - started;
      const method = String(result.metadata.method ?? '');
      methods[method] = (methods[method] ?? 0) + 1;
      await rm(workDir, { recursive: true, force: true });
      return ms;
    };
    for (const item of run) {
      let loads: Record<string, number> | undefined;
      let firstMs: number | undefined;
      const times: number[] = [];
      methods = {};
      if (item.models) {
        // A fresh thread: the first run starts tfjs and loads the models, the runs after it are warm.
        await modelRuntime().close();
        firstMs = await once(item);
        loads = (await modelRuntime().status()).loaded;
      }
      for (let k = 0; k < (item.models ? Math.max(1, RUNS - 1) : RUNS); k++) times.push(await once(item));
      const memory = await peakRss(() => Promise.all([once(item), once(item)]));
      rows.push({
        label: item.label,
        medianMs: times.toSorted((a, b) => a - b)[Math.floor(times.length / 2)]!,
        targetMs: item.targetMs,
        loads,
        firstMs,
        ...(item.models ? { methods } : {}),
        peakRssMb: memory.peakMb,
        baseRssMb: memory.baseMb,
      });
    }
    await modelRuntime().close();
    return rows;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

export function printEngineRows(rows: readonly EngineRow[]): void {
  console.log(`\n## Local engine on ~2 MP inputs (median of ${RUNS} runs; a model case: its first run loads the models, the median is of the warm runs)`);
  console.log(`  ${'case'.padEnd(58)} ${'run'.padStart(8)}  ${'peak RSS, 2 at once'.padEnd(24)} target / model loads`);
  for (const row of rows) {
    const verdict =
      row.targetMs === null
        ? '(reference)'
        : row.medianMs <= row.targetMs
          ? `ok, target <= ${row.targetMs / 1000} s`
          : `OVER target <= ${row.targetMs / 1000} s`;
    const loads = row.loads
      ? `; first run ${((row.firstMs ?? 0) / 1000).toFixed(2)} s, loading ${Object.entries(row.loads)
          .map(([model, ms]) => `${model} ${ms} ms`)
          .join(', ')}; runs: ${Object.entries(row.methods ?? {})
          .map(([method, count]) => `${count}× ${method.length > 48 ? `${method.slice(0, 47)}…` : method}`)
          .join(', ')}`
      : '';
    const memory = `${row.peakRssMb} MB (from ${row.baseRssMb})`;
    console.log(`  ${row.label.padEnd(58)} ${(row.medianMs / 1000).toFixed(2).padStart(6)} s  ${memory.padEnd(24)} ${verdict}${loads}`);
  }
}

if (import.meta.main) printEngineRows(await benchEngines());
