/**
 * Image editing, locally: the instruction is parsed with the vocabulary of ./edit-vocabulary.ts
 * and its edits are applied in order with sharp, to one image, to each of several images (one
 * result per image), or to each and then composed into one grid when the instruction asks.
 */
import { join } from 'node:path';
import sharp from 'sharp';
import { GENERATION_MESSAGES } from '../../../src/contract/generation-messages.ts';
import { describeEdit, parseEdits, understoodEdits, type Edit } from '../../../src/contract/edit-vocabulary.ts';
import type { Json } from '../../db/schema.ts';
import type { GenerationRequestOf } from '../../../src/contract/generations.schema.ts';
import { localEnginePlan } from '../../../src/contract/local-engine-plan.ts';
import { EngineError, type EngineOutput, type EngineRequest, type EngineResult } from '../types.ts';
import { removeBackground, type BackgroundCut } from './background-removal.ts';
import { modelsRan, type ModelId } from './models/facts.ts';
import { encode, FORMAT_EXTENSION, formatOfMime, imageFile, rasterPipeline, readRaster, transformRaster, type ImageFormat, type Raster } from './pixels.ts';

/** Longest side of a grid, px, and the gap between its cells, px. */
const GRID_SIDE_PX = 2048;
const GRID_GAP_PX = 16;

/** Classic sepia tone matrix (rows: output R, G, B from input R, G, B). */
const SEPIA: [[number, number, number], [number, number, number], [number, number, number]] = [
  [0.393, 0.769, 0.189],
  [0.349, 0.686, 0.168],
  [0.272, 0.534, 0.131],
];
/** Rec. 709 luma weights, each output channel the same grey. */
const GREY: [[number, number, number], [number, number, number], [number, number, number]] = [
  [0.2126, 0.7152, 0.0722],
  [0.2126, 0.7152, 0.0722],
  [0.2126, 0.7152, 0.0722],
];

/** What the edits of one job share: its abort signal, and what the background cuts did (for the result's metadata and plan). */
export interface EditContext {
  signal?: AbortSignal;
  cuts?: Array<{ method: BackgroundCut['method']; models: ModelId[] }>;
}

/** Applies one edit; every step is its own sharp pass, so edits happen in the order asked. */
export async function applyEdit(raster: Raster, edit: Edit, context: EditContext = {}): Promise<Raster> {
  const longSide = Math.max(raster.width, raster.height);
  switch (edit.op) {
    case 'brightness':
      return transformRaster(raster, (p) => p.modulate({ brightness: Math.max(0.05, 1 + edit.amount) }));
    case 'contrast': {
      // Around mid-grey: out = k·in + 128·(1 − k) on the colour channels, alpha untouched.
      const k = Math.max(0.05, 1 + edit.amount);
      return transformRaster(raster, (p) => p.linear([k, k, k, 1], [128 * (1 - k), 128 * (1 - k), 128 * (1 - k), 0]));
    }
    case 'saturation':
      return transformRaster(raster, (p) => p.modulate({ saturation: Math.max(0, 1 + edit.amount) }));
    case 'warmth': {
      // Warmer: more red, less blue (half the amount each way); cooler: the reverse.
      const shift = edit.amount / 2;
      return transformRaster(raster, (p) => p.linear([1 + shift, 1, 1 - shift, 1], [0, 0, 0, 0]));
    }
    case 'grayscale':
      return transformRaster(raster, (p) => p.recomb(GREY));
    case 'sepia':
      return transformRaster(raster, (p) => p.recomb(SEPIA));
    case 'invert':
      return transformRaster(raster, (p) => p.negate({ alpha: false }));
    case 'autoLevels':
      return transformRaster(raster, (p) => p.normalise());
    case 'sharpen':
      // Sigma grows with the image (0.05% of the long side, at least 1 px).
      return transformRaster(raster, (p) => p.sharpen({ sigma: Math.max(1, longSide * 0.0005) * edit.amount, m1: 1, m2: 3 }));
    case 'blur':
      // A visible but not destructive blur: 0.4% of the long side, at least 2 px (sigma).
      return transformRaster(raster, (p) => p.blur(Math.max(2, longSide * 0.004) * edit.amount));
    case 'crop': {
      const [a, b] = edit.ratio;
      const target = a / b;
      const width = Math.min(raster.width, Math.round(raster.height * target));
      const height = Math.min(raster.height, Math.round(raster.width / target));
      const left = Math.floor((raster.width - width) / 2);
      const top = Math.floor((raster.height - height) / 2);
      return transformRaster(raster, (p) => p.extract({ left, top, width: Math.max(1, width), height: Math.max(1, height) }));
    }
    case 'rotate':
      return transformRaster(raster, (p) => p.rotate(edit.degrees));
    case 'flip':
      return transformRaster(raster, (p) => (edit.axis === 'horizontal' ? p.flop() : p.flip()));
    case 'removeBackground': {
      // Refused (the job fails, refunded) where the cut would lose the subject.
      const cut = await removeBackground(raster, { signal: context.signal });
      context.cuts?.push({ method: cut.method, models: cut.models });
      return cut.raster;
    }
    case 'resize': {
      const { width, height, longSide: side } = edit;
      if (side) return transformRaster(raster, (p) => p.resize(side, side, { fit: 'inside', kernel: 'lanczos3' }));
      return transformRaster(raster, (p) => p.resize(width ?? null, height ?? null, { fit: width && height ? 'fill' : 'inside', kernel: 'lanczos3' }));
    }
  }
}

/** Composes rasters into one grid (contain-fitted cells, gaps), transparent or white behind. */
export async function composeGrid(rasters: readonly Raster[], transparent: boolean): Promise<Raster> {
  const count = rasters.length;
  const cols = Math.ceil(Math.sqrt(count));
  const rows = Math.ceil(count / cols);
  // Cells share the images' mean aspect ratio (kept between 1:2 and 2:1).
  const aspect = Math.min(2, Math.max(0.5, rasters.reduce((sum, r) => sum + r.width / r.height, 0) / count));
  let cellWidth = (GRID_SIDE_PX - GRID_GAP_PX * (cols + 1)) / cols;
  let cellHeight = cellWidth / aspect;
  if (rows * cellHeight + GRID_GAP_PX * (rows + 1) > GRID_SIDE_PX) {
    cellHeight = (GRID_SIDE_PX - GRID_GAP_PX * (rows + 1)) / rows;
    cellWidth = cellHeight * aspect;
  }
  cellWidth = Math.floor(cellWidth);
  cellHeight = Math.floor(cellHeight);
  const width = cols * cellWidth + GRID_GAP_PX * (cols + 1);
  const height = rows * cellHeight + GRID_GAP_PX * (rows + 1);
  const background = transparent ? { r: 0, g: 0, b: 0, alpha: 0 } : { r: 255, g: 255, b: 255, alpha: 1 };
  const cells = await Promise.all(
    rasters.map(async (raster, k) => ({
      input: await rasterPipeline(raster)
        .resize(cellWidth, cellHeight, { fit: 'contain', background, kernel: 'lanczos3' })
        .png({ compressionLevel: 0 })
        .toBuffer(),
      left: GRID_GAP_PX + (k % cols) * (cellWidth + GRID_GAP_PX),
      top: GRID_GAP_PX + Math.floor(k / cols) * (cellHeight + GRID_GAP_PX),
    })),
  );
  const { data, info } = await sharp({ create: { width, height, channels: 4, background } })
    .composite(cells)
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

export async function runImageEditing(request: EngineRequest<'image-editing'>): Promise<EngineResult> {
  const { inputs, params, report, signal, workDir } = request;
  report('analyzingComposition', 5);
  const instruction = parseEdits(params.prompt ?? '');
  const grid = instruction.grid && inputs.images.length > 1;
  if (instruction.edits.length === 0 && !grid) {
    const text = GENERATION_MESSAGES.unknownEdit.replace('{edits}', understoodEdits(instruction.language));
    throw new EngineError('unknownEdit', { text });
  }
  const removesBackground = instruction.edits.some((edit) => edit.op === 'removeBackground');

  const context: EditContext = { signal, cuts: [] };
  const edited: Array<{ raster: Raster; format: ImageFormat }> = [];
  for (const [k, image] of inputs.images.entries()) {
    report('generatingResult', Math.round(10 + (80 * k) / inputs.images.length));
    let raster = await readRaster(image.path);
    for (const edit of instruction.edits) {
      raster = await applyEdit(raster, edit, context);
      signal.throwIfAborted();
    }
    // JPEG has no transparency: a removed background is kept as PNG.
    const own = formatOfMime(image.mime);
    edited.push({ raster, format: removesBackground && own === 'jpeg' ? 'png' : own });
  }

  const outputs: EngineOutput[] = [];
  if (grid) {
    report('generatingResult', 90);
    const sheet = await composeGrid(
      edited.map((e) => e.raster),
      removesBackground,
    );
    const format: ImageFormat = removesBackground ? 'png' : 'jpeg';
    const name = `edited-grid.${FORMAT_EXTENSION[format]}`;
    const path = join(workDir, name);
    await encode(rasterPipeline(sheet), format).toFile(path);
    outputs.push({ path, ...imageFile(format), kind: 'image', roles: ['image'], name });
  } else {
    for (const [k, { raster, format }] of edited.entries()) {
      const name = `edited${edited.length > 1 ? `-${k + 1}` : ''}.${FORMAT_EXTENSION[format]}`;
      const path = join(workDir, name);
      await encode(rasterPipeline(raster), format).toFile(path);
      outputs.push({ path, ...imageFile(format), kind: 'image', roles: ['image'], name, metadata: { source_asset_id: inputs.images[k]!.assetId } });
      signal.throwIfAborted();
    }
  }
  report('generatingResult', 100);

  // What was asked and not done was accepted before the charge (the job's plan names it).
  const notes: Json[] = [];
  if (instruction.ignored.length > 0 || instruction.unsupported.length > 0)
    notes.push('Parts of the instruction the local engine cannot do were left out, as accepted at submit (see `ignored`, `unsupported`).');
  if (instruction.grid && inputs.images.length === 1) notes.push('A grid needs several images: the single image was edited on its own.');
  if (removesBackground)
    notes.push(
      'Background removal cuts out a person on any backdrop with the person mask, and any other subject only on a plain backdrop (its colour keyed out); a photo of anything else fails and is refunded.',
    );
  const cuts = context.cuts!;
  const ran = modelsRan(cuts.flatMap((cut) => cut.models));
  const plan = ran.labels.length > 0 ? localEnginePlan(generationRequestOf(request)) : undefined;
  return {
    ...(plan ? { plan: { done: [...plan.done, ran.item], not_done: plan.not_done } } : {}),
    outputs,
    metadata: {
      engine: 'local',
      method: 'instruction parsed with the local edit vocabulary; edits applied in order with sharp',
      language: instruction.language,
      edits: instruction.edits.map(describeEdit),
      grid,
      ignored: instruction.ignored,
      unsupported: instruction.unsupported.map((item) => item.phrase),
      ...(cuts.length > 0 ? { background_cuts: cuts.map((cut) => cut.method) } : {}),
      ...(ran.labels.length > 0 ? { models: ran.labels } : {}),
      notes,
    },
  };
}

/** The request the job was accepted on, as the plan reads it. */
function generationRequestOf(request: EngineRequest<'image-editing'>): GenerationRequestOf<'image-editing'> {
  return { feature: 'image-editing', inputs: { images: request.inputs.images.map((image) => image.assetId) }, params: request.params };
}
