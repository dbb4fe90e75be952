/**
 * Hairstyle changer, locally: recolours the hair inside the brush mask to the chosen colour,
 * keeping its texture. The mask (white = change; any size, resized to the photo; a luminance
 * mask, or the alpha of strokes on a transparent canvas) is feathered at its edge, then limited to
 * the hair: the proposed hair mask of the photo (./hair-mask.ts, face landmarks and a person mask)
 * is computed here again and the change applies to brushed ∩ hair, so a stroke over the wall or
 * the face tints neither. A photo with no face found is recoloured inside the brush mask alone,
 * and the result's plan says so (`hairNotFound`). The hair's
 * own light and dark structure is kept: its luminance is remapped by a power curve that takes
 * the hair's mean luminance to the target colour's, and the target colour is scaled to that
 * luminance pixel by pixel. Pixels outside the mask are left untouched.
 *
 * The local engine cannot reshape hair: the chosen style is recorded in the result's metadata
 * and the notes say so.
 */
import { join } from 'node:path';
import type { Json } from '../../db/schema.ts';
import { EngineError, type EngineRequest, type EngineResult } from '../types.ts';
import { findColour, HAIR_COLOURS, hexToRgb } from '../../../src/contract/colour-words.ts';
import type { EnginePlan, PlanItem } from '../../../src/contract/engine-plan.schema.ts';
import { planItem } from '../../../src/contract/engine-plan-texts.ts';
import { localEnginePlan } from '../../../src/contract/local-engine-plan.ts';
import { proposeHairMask } from './hair-mask.ts';
import { modelsRan } from './models/facts.ts';
import {
  encode,
  FORMAT_EXTENSION,
  formatOfMime,
  hasTransparency,
  imageFile,
  lumaAt,
  rasterPipeline,
  readRaster,
  rgbOf,
  solidPart,
  transformMask,
  type Mask,
} from './pixels.ts';

/** Hair colour when neither a colour nor a colour word in the prompt is given: a warm mid brown. */
export const DEFAULT_HAIR_COLOUR = '#6b4226';
/** Feather of the mask's edge: 0.6% of the photo's long side, at least 1.5 px (Gaussian sigma). */
const FEATHER_FRACTION = 0.006;
const MIN_FEATHER_PX = 1.5;
/** A mask covering less than this fraction of the photo counts as not painted. */
const MIN_MASK_COVERAGE = 0.001;
/** The luminance curve's exponent is kept within these bounds (no crushed or blown-out hair). */
const MIN_GAMMA = 0.3;
const MAX_GAMMA = 3;

/** The brush mask at the photo's size, feathered. */
export async function brushMask(path: string, width: number, height: number): Promise<{ mask: Mask; kind: 'alpha' | 'luminance'; coverage: number }> {
  const raster = await readRaster(path);
  const kind = hasTransparency(raster) ? 'alpha' : 'luminance';
  const data = new Uint8Array(raster.width * raster.height);
  for (let p = 0; p < data.length; p++) data[p] = kind === 'alpha' ? raster.data[p * 4 + 3]! : Math.round(lumaAt(raster.data, p * 4));
  const sigma = Math.max(MIN_FEATHER_PX, FEATHER_FRACTION * Math.max(width, height));
  const mask = await transformMask({ data, width: raster.width, height: raster.height }, (p) =>
    p.resize(width, height, { fit: 'fill', kernel: 'lanczos3' }).blur(sigma),
  );
  return { mask, kind, coverage: solidPart(mask).share };
}

/**
 * Brushes are loose: they catch some backdrop, skin or collar around the hair. Each masked
 * pixel is weighted by how close its colour is to the hair's (the median colour of the mask's
 * fully painted core): within the core's 90th-percentile distance (×1.5, +20 RGB units, which
 * covers highlights and strands) it changes fully, beyond it the change fades out quickly, so
 * a stray stroke over a white wall does not glow in the new colour.
 */
export function hairLikeness(data: Uint8Array, mask: Mask): (p: number) => number {
  const reds: number[] = [];
  const greens: number[] = [];
  const blues: number[] = [];
  // Every k-th core pixel: about 20 000 samples whatever the photo's size.
  let core = 0;
  for (const value of mask.data) if (value >= 250) core++;
  const step = Math.max(1, Math.floor(core / 20_000));
  let seen = 0;
  for (let p = 0; p < mask.data.length; p++) {
    if (mask.data[p]! < 250 || seen++ % step !== 0) continue;
    reds.push(data[p * 4]!);
    greens.push(data[p * 4 + 1]!);
    blues.push(data[p * 4 + 2]!);
  }
  if (reds.length === 0) return () => 1;
  const [r0, g0, b0] = [middle(reds), middle(greens), middle(blues)];
  const distances = reds.map((r, k) => Math.sqrt((r - r0) ** 2 + (greens[k]! - g0) ** 2 + (blues[k]! - b0) ** 2)).toSorted((a, b) => a - b);
  const tolerance = distances[Math.floor(distances.length * 0.9)]! * 1.5 + 20;
  return (p) => {
    const i = p * 4;
    const d = Math.sqrt((data[i]! - r0) ** 2 + (data[i + 1]! - g0) ** 2 + (data[i + 2]! - b0) ** 2);
    if (d <= tolerance) return 1;
    const t = (d - tolerance) / (0.5 * tolerance);
    return Math.exp(-t * t);
  };
}

const middle = (values: number[]): number => values.toSorted((a, b) => a - b)[Math.floor(values.length / 2)]!;

/** Linear-ish luminance (0-1) of an `#rrggbb` colour, Rec. 601 weights like the photo's. */
function colourLuma([r, g, b]: [number, number, number]): number {
  return (0.299 * r + 0.587 * g + 0.114 * b) / 255;
}

/** Brushed ∩ hair, in place on the brush mask: each pixel the smaller of the two. */
function limitToHair(brush: Mask, hair: Mask): number {
  let painted = 0;
  for (let p = 0; p < brush.data.length; p++) {
    const value = Math.min(brush.data[p]!, hair.data[p]!);
    brush.data[p] = value;
    if (value >= 128) painted++;
  }
  return painted / brush.data.length;
}

export async function runHairstyle(request: EngineRequest<'hairstyle-changer'>): Promise<EngineResult> {
  const { inputs, params, report, signal, workDir } = request;
  if (!inputs.mask) throw new EngineError('maskRequired');
  report('analyzingComposition', 10);
  const photo = await readRaster(inputs.image.path);
  const { mask, kind, coverage } = await brushMask(inputs.mask.path, photo.width, photo.height);
  if (coverage < MIN_MASK_COVERAGE) throw new EngineError('maskRequired');
  signal.throwIfAborted();
  const hair = await proposeHairMask(rgbOf(photo), { signal });
  report('analyzingComposition', 30);
  const hairCoverage = hair ? limitToHair(mask, hair.mask) : null;
  // Brushed only where no hair is (the wall, the face): nothing would change, so nothing is charged.
  if (hairCoverage !== null && hairCoverage < MIN_MASK_COVERAGE) throw new EngineError('maskRequired');

  const fromPrompt = params.prompt ? findColour(params.prompt, HAIR_COLOURS) : null;
  const hex = params.color ?? fromPrompt?.hex ?? DEFAULT_HAIR_COLOUR;
  const colourSource = params.color ? 'chosen' : fromPrompt ? `prompt (${fromPrompt.name})` : 'default (no colour chosen)';
  const target = hexToRgb(hex);
  const targetLuma = Math.min(0.97, Math.max(0.03, colourLuma(target)));
  report('generatingResult', 40);

  const { data } = photo;
  const likeness = hairLikeness(photo.data, mask);
  // Mean luminance of the hair (weighted by the mask) sets the curve.
  let sum = 0;
  let weight = 0;
  for (let p = 0; p < mask.data.length; p++) {
    const m = mask.data[p]! * likeness(p);
    if (m === 0) continue;
    sum += m * lumaAt(data, p * 4);
    weight += m;
  }
  const hairLuma = Math.min(0.97, Math.max(0.03, weight > 0 ? sum / weight / 255 : 0.5));
  const gamma = Math.min(MAX_GAMMA, Math.max(MIN_GAMMA, Math.log(targetLuma) / Math.log(hairLuma)));

  for (let p = 0; p < mask.data.length; p++) {
    if (mask.data[p] === 0) continue;
    const m = (mask.data[p]! / 255) * likeness(p);
    if (m === 0) continue;
    const i = p * 4;
    const luma = Math.max(1e-4, lumaAt(data, i) / 255);
    const scale = luma ** gamma / targetLuma;
    for (let c = 0; c < 3; c++) {
      const recoloured = Math.min(255, target[c]! * scale);
      data[i + c] = Math.round(data[i + c]! * (1 - m) + recoloured * m);
    }
  }
  signal.throwIfAborted();

  const format = formatOfMime(inputs.image.mime);
  const name = `hairstyle-result.${FORMAT_EXTENSION[format]}`;
  const path = join(workDir, name);
  await encode(rasterPipeline(photo), format).toFile(path);
  report('generatingResult', 100);

  const notes: Json[] = [
    hair
      ? 'Local engine: the hair inside the brush mask (the hair found by face landmarks and a person mask) is recoloured keeping its texture; the rest of the brushed area and the hairstyle itself (cut, length, shape) are not changed.'
      : 'Local engine: no face was found in the photo, so the whole brushed area is recoloured keeping its texture; the hairstyle itself (cut, length, shape) is not changed.',
  ];
  if (inputs.reference) notes.push('The reference photo is recorded but not used by the local engine.');
  const models = hair ? modelsRan(['face', 'person']) : null;
  return {
    outputs: [{ path, ...imageFile(format), kind: 'image', roles: ['image', 'hair'], name }],
    metadata: {
      engine: 'local',
      method: hair
        ? 'recolour inside brushed ∩ hair (the proposed hair mask: face landmarks and a person mask), luminance curve + colour tint, feathered edge, weighted by closeness to the hair colour'
        : 'recolour inside the brush mask (no face found, so no hair mask), luminance curve + colour tint, feathered edge, weighted by closeness to the hair colour',
      style: params.style ?? null,
      colour: { hex, source: colourSource },
      mask: { kind, coverage: Number(coverage.toFixed(4)), hair_coverage: hairCoverage === null ? null : Number(hairCoverage.toFixed(4)) },
      hair_mask: hair ? 'found (face landmarks and a person mask)' : 'no face found: the brush mask alone',
      models: models?.labels ?? [],
      notes,
    },
    plan: outcome(request, models?.item ?? null),
  };
}

/**
 * The result's plan: the plan the job was accepted on, with the models that ran among what was
 * done, or, without a face (no hair to limit the colour to), `hairNotFound` among what was not.
 */
function outcome(request: EngineRequest<'hairstyle-changer'>, models: PlanItem | null): EnginePlan {
  const { inputs, params } = request;
  const plan = localEnginePlan({
    feature: 'hairstyle-changer',
    inputs: { image: inputs.image.assetId, mask: inputs.mask?.assetId ?? null, reference: inputs.reference?.assetId ?? null },
    params,
  });
  return models ? { done: [...plan.done, models], not_done: plan.not_done } : { done: plan.done, not_done: [...plan.not_done, planItem('hairNotFound')] };
}
