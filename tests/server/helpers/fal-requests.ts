/**
 * The engine's side of the fal tests: small input files (made with sharp; the video is the fake's
 * own MP4, fake-fal.ts) and an EngineRequest built as the worker builds it, the body validated by
 * the contract.
 */
import { randomUUID } from 'node:crypto';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import * as v from 'valibot';
import type { EngineInputs, EngineRequest, InputFile } from '../../../server/engines/types.ts';
import { GenerationRequestSchema, type GenerationRequestOf } from '../../../src/contract/generations.schema.ts';
import type { Feature } from '../../../src/contract/tools.ts';
import type { GenerationStage } from '../../../src/contract/generation-stages.ts';
import type { FakeFal } from './fake-fal.ts';

/** Small input files for the engine (made with sharp; the video is the fake's own MP4). */
export interface FalFixtures {
  dir: string;
  file(name: string): InputFile;
}

export async function makeFalFixtures(fake: FakeFal): Promise<FalFixtures> {
  const dir = await mkdtemp(join(tmpdir(), 'fal-inputs-'));
  const files = new Map<string, InputFile>();
  const image = async (name: string, width: number, height: number, colour: { r: number; g: number; b: number }, format: 'png' | 'jpeg' = 'png') => {
    const path = join(dir, name);
    const blank = sharp({ create: { width, height, channels: 3, background: colour } });
    await (format === 'png' ? blank.png() : blank.jpeg()).toFile(path);
    files.set(name, {
      assetId: `asset-${name}`,
      path,
      mime: `image/${format}`,
      mediaType: 'image',
      width,
      height,
      durationSeconds: null,
      fps: null,
      publicUrl: `http://localhost:8080/media/${name}`,
    });
  };
  await image('model.png', 64, 96, { r: 220, g: 200, b: 180 });
  await image('top.png', 40, 40, { r: 10, g: 80, b: 200 });
  await image('bottom.png', 40, 40, { r: 30, g: 30, b: 30 });
  await image('jacket.png', 40, 40, { r: 120, g: 60, b: 20 });
  await image('dress.png', 40, 40, { r: 200, g: 20, b: 60 });
  await image('photo.jpg', 80, 60, { r: 90, g: 140, b: 90 }, 'jpeg');
  await image('photo2.png', 60, 60, { r: 140, g: 90, b: 90 });
  await image('photo3.png', 60, 60, { r: 90, g: 90, b: 140 });
  await image('portrait.png', 60, 80, { r: 180, g: 150, b: 130 });
  // Half the portrait's size: the engine must bring it to the photo's size for FLUX Fill.
  await image('mask.png', 30, 40, { r: 255, g: 255, b: 255 });
  await image('reference.png', 50, 50, { r: 60, g: 40, b: 30 });
  await image('face.png', 48, 48, { r: 200, g: 170, b: 150 });
  const videoPath = join(dir, 'clip.mp4');
  await writeFile(videoPath, fake.mp4);
  files.set('clip.mp4', {
    assetId: 'asset-clip',
    path: videoPath,
    mime: 'video/mp4',
    mediaType: 'video',
    width: 64,
    height: 64,
    durationSeconds: 1,
    fps: 24,
    publicUrl: 'http://localhost:8080/media/clip.mp4',
  });
  return {
    dir,
    file(name) {
      const file = files.get(name);
      if (!file) throw new Error(`no fixture ${name}`);
      return file;
    },
  };
}

export interface BuiltRequest<F extends Feature> {
  request: EngineRequest<F>;
  reports: Array<{ stage: GenerationStage; percent: number }>;
}

/** An EngineRequest as the worker makes it: the body validated by the contract (defaults applied). */
export async function engineRequest<F extends Feature>(
  body: { feature: F; inputs?: unknown; params?: unknown },
  inputs: EngineInputs[F],
  options: { signal?: AbortSignal } = {},
): Promise<BuiltRequest<F>> {
  const parsed = v.parse(GenerationRequestSchema, { inputs: {}, params: {}, ...body }) as GenerationRequestOf<F>;
  const reports: Array<{ stage: GenerationStage; percent: number }> = [];
  const request: EngineRequest<F> = {
    job: { id: randomUUID(), feature: body.feature, userId: 'user-1', attempt: 1 },
    inputs,
    params: parsed.params as GenerationRequestOf<F>['params'],
    report: (stage, percent) => reports.push({ stage, percent }),
    signal: options.signal ?? new AbortController().signal,
    workDir: await mkdtemp(join(tmpdir(), 'fal-run-')),
  };
  return { request, reports };
}
