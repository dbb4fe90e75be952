/**
 * Local engine timings (`node scripts/bench-engines.ts`, part of `npm run bench`): each tool of
 * the local engine on a generated ~2 MP input (targets: an image tool <= 2 s; a 5 s 480p video
 * <= 10 s), plus a few heavier variants for reference. Inputs are drawn at start-up (SVG via
 * sharp, clips via the bundled ffmpeg) into a temporary directory that is removed afterwards.
 * Each case runs `BENCH_ENGINE_RUNS` times (default 3); the median is reported.
 */
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import type { Feature } from '../src/contract/tools.ts';
import { createLocalEngine } from '../server/engines/local/index.ts';
import type { EngineInputs, EngineRequest } from '../server/engines/types.ts';
import { sized } from './bench-mode.ts';
import { engineRequest, garmentSvg, hairMaskSvg, inputFile, makeClip, modelPhotoSvg, portraitSvg, sceneSvg } from '../tests/fixtures/engines/images.ts';

const RUNS = sized(Number(process.env.BENCH_ENGINE_RUNS ?? 3), 1);
/** The smoke draws its inputs at a quarter of the size (a sixteenth of the pixels). */
const SCALE = sized(1, 0.25);
/** Targets, in milliseconds. */
const IMAGE_TARGET_MS = 2000;
const VIDEO_TARGET_MS = 10_000;

interface Case<F extends Feature = Feature> {
  label: string;
  feature: F;
  inputs: EngineInputs[F];
  params: EngineRequest<F>['params'];
  /** The target the case is held to (null: for reference only). */
  targetMs: number | null;
}

/** Renders an SVG scaled to `width`×`height` (px, times SCALE) into a file. */
async function draw(svg: string, width: number, height: number, path: string): Promise<string> {
  const pipeline = sharp(Buffer.from(svg)).resize(Math.round(width * SCALE), Math.round(height * SCALE), { fit: 'fill', kernel: 'lanczos3' });
  await (path.endsWith('.png') ? pipeline.png() : pipeline.flatten({ background: '#fff' }).jpeg({ quality: 92 })).toFile(path);
  return path;
}

export async function benchEngines(): Promise<Array<{ label: string; medianMs: number; targetMs: number | null }>> {
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
    const cases: Case[] = [
      {
        label: 'try-on, 1 garment (2 MP model photo)',
        feature: 'virtual-tryon',
        inputs: { model, garments: [{ ...top, category: 'tops' }] },
        params: {},
        targetMs: IMAGE_TARGET_MS,
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
      },
      {
        label: 'upscaler image ×2 JPEG (2 MP → 8 MP)',
        feature: 'upscaler-image',
        inputs: { image: scene },
        params: { ...upscale, factor: 2, output_format: 'jpeg' },
        targetMs: IMAGE_TARGET_MS,
      },
      {
        label: 'upscaler image ×4 JPEG (2 MP → 32 MP)',
        feature: 'upscaler-image',
        inputs: { image: scene },
        params: { ...upscale, factor: 4, output_format: 'jpeg' },
        targetMs: null,
      },
      {
        label: 'upscaler image ×2, foreground + face (2 MP)',
        feature: 'upscaler-image',
        inputs: { image: product },
        params: { ...upscale, factor: 2, output_format: 'jpeg', subject_detection: 'foreground', face_enhancement: true },
        targetMs: null,
      },
      {
        label: 'image to video 5 s 480p + audio (2 MP still)',
        feature: 'image-to-video',
        inputs: { image: scene },
        params: { model: 'seedance-v1', duration: 5, resolution: '480p', generate_audio: true },
        targetMs: VIDEO_TARGET_MS,
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
    const rows: Array<{ label: string; medianMs: number; targetMs: number | null }> = [];
    let n = 0;
    for (const item of run) {
      const times: number[] = [];
      for (let k = 0; k < RUNS; k++) {
        const workDir = join(dir, `run-${++n}`);
        await mkdir(workDir);
        const request = engineRequest(item.feature, workDir, item.inputs, item.params);
        const started = performance.now();
        await engine.run(request);
        times.push(performance.now() - started);
        await rm(workDir, { recursive: true, force: true });
      }
      rows.push({ label: item.label, medianMs: times.toSorted((a, b) => a - b)[Math.floor(times.length / 2)]!, targetMs: item.targetMs });
    }
    return rows;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

export function printEngineRows(rows: Awaited<ReturnType<typeof benchEngines>>): void {
  console.log(`\n## Local engine on ~2 MP inputs (median of ${RUNS} runs)`);
  for (const row of rows) {
    const verdict =
      row.targetMs === null
        ? '(reference)'
        : row.medianMs <= row.targetMs
          ? `ok, target <= ${row.targetMs / 1000} s`
          : `OVER target <= ${row.targetMs / 1000} s`;
    console.log(`  ${row.label.padEnd(48)} ${(row.medianMs / 1000).toFixed(2).padStart(6)} s  ${verdict}`);
  }
}

if (import.meta.main) printEngineRows(await benchEngines());
