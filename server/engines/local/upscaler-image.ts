/**
 * Image upscaler, locally (docs/product-rules.md#upscaler): ESRGAN slim enlarges photos small
 * enough for it to finish within the promised wait (and stops, on a busy server, when it would
 * not), a Lanczos-3 resample and an unsharp mask (radius growing with the factor) the larger ones
 * (./upscale-enlarge.ts); the result says which.
 * What the local engine does with the other options, recorded in the result's metadata and plan:
 * - model: a sharpening preset per model (strength and radius; "recovery" denoises first with a
 *   3×3 median); the Topaz model itself is not run;
 * - subject_detection: 'all' enhances everywhere; 'foreground' / 'background' only that part,
 *   found by the person-segmentation model (a person confirmed by a face or a pose), else by the
 *   plain-backdrop mask (border colour), elsewhere the plain resample; when neither finds a
 *   subject, everything is enhanced and the result says so (./upscale-subject.ts);
 * - face_enhancement: a clarity (local contrast) boost inside the oval of the face the face
 *   landmarks find, scaled by face_enhancement_strength; no face, no boost, and the result says
 *   so; face_enhancement_creativity (generative detail) is not applied;
 * - outputs above MAX_OUTPUT_PIXELS (64 MP), or wider than WebP's 16 383 px, get a smaller
 *   effective factor (recorded), unless crop_to_fill: then the factor is kept and the output is
 *   cut to that size around the face, else the subject, else the centre; below the cap the
 *   output is exactly factor × the input and there is nothing to crop;
 * - outputs above 4K UHD carry the `over4k` warning.
 */
import { join } from 'node:path';
import sharp, { type Sharp } from 'sharp';
import { FOUR_K_PIXELS, UPSCALE_IMAGE_MODEL_LABELS, type UpscaleImageModel } from '../../../src/contract/generation-params.ts';
import type { EnginePlan, PlanItem } from '../../../src/contract/engine-plan.schema.ts';
import { planItem } from '../../../src/contract/engine-plan-texts.ts';
import type { Json } from '../../db/schema.ts';
import type { EngineRequest, EngineResult } from '../types.ts';
import { modelsRan, type ModelId } from './models/facts.ts';
import type { FaceLandmarks } from './models/types.ts';
import { encode, FORMAT_EXTENSION, imageFile } from './pixels.ts';
import { esrganBudgetSeconds } from '../../../src/contract/local-engine-plan.ts';
import { chooseEnlargement, esrganEnlarge, type Enlargement, type Sharpening } from './upscale-enlarge.ts';
import { cropWindow, detectSubject, regionMask, type Box } from './upscale-subject.ts';

/** Largest output the local engine writes, in pixels (64 MP: ~0.25 GB of raw RGBA in flight). */
export const MAX_OUTPUT_PIXELS = 64_000_000;
/** WebP's largest side, px. */
const WEBP_MAX_SIDE = 16_383;

interface Preset extends Sharpening {
  denoise: boolean;
}

const PRESETS: Readonly<Record<UpscaleImageModel, Preset>> = {
  'standard-v2': { radius: 1, m1: 0.8, m2: 2, denoise: false },
  'low-resolution-v2': { radius: 1.2, m1: 1.2, m2: 3, denoise: false },
  cgi: { radius: 0.8, m1: 1, m2: 2.5, denoise: false },
  'high-fidelity-v2': { radius: 1, m1: 0.5, m2: 1.5, denoise: false },
  'text-refine': { radius: 0.9, m1: 0.6, m2: 4, denoise: false },
  'recovery-v2': { radius: 1.1, m1: 0.8, m2: 2, denoise: true },
};

/** What the tests change: the output cap, the way a photo is enlarged and the time ESRGAN may take from the run's start. */
export interface UpscaleLimits {
  maxOutputPixels: number;
  enlargement: (width: number, height: number, factor: number) => Enlargement;
  esrganBudgetMs: number;
}
const LIMITS: UpscaleLimits = { maxOutputPixels: MAX_OUTPUT_PIXELS, enlargement: chooseEnlargement, esrganBudgetMs: esrganBudgetSeconds() * 1000 };

/** Output size for an input and a factor, capped (see the module comment). */
export function upscaleSize(
  width: number,
  height: number,
  factor: number,
  format: 'jpeg' | 'png' | 'webp',
  maxPixels = MAX_OUTPUT_PIXELS,
): { width: number; height: number; factor: number } {
  let effective = Math.min(factor, Math.sqrt(maxPixels / (width * height)));
  if (format === 'webp') effective = Math.min(effective, WEBP_MAX_SIDE / Math.max(width, height));
  effective = Math.max(1, effective);
  // Capped sizes round down so the cap holds; whole factors are exact either way.
  const side = (value: number) => (effective < factor ? Math.floor(value * effective) : Math.round(value * effective));
  return { width: side(width), height: side(height), factor: effective };
}

/** What the run found and did, for the result's plan. */
interface Outcome {
  factor: number;
  enlargement: Enlargement;
  capped: boolean;
  cropped: 'face' | 'subject' | 'centre' | null;
  region: boolean;
  subjectFound: boolean;
  faceEnhanced: boolean;
  models: ModelId[];
}

export async function runUpscaleImage(request: EngineRequest<'upscaler-image'>, limits: UpscaleLimits = LIMITS): Promise<EngineResult> {
  const { inputs, params, report, signal, workDir } = request;
  const startedAt = performance.now();
  report('analyzingComposition', 5);
  const meta = await sharp(inputs.image.path).metadata();
  const photo = { width: meta.autoOrient.width, height: meta.autoOrient.height };
  const capped = upscaleSize(photo.width, photo.height, params.factor, params.output_format, limits.maxOutputPixels);
  const crop = params.crop_to_fill && capped.factor < params.factor;
  const preset = PRESETS[params.model];
  const applied: Json[] = [];
  const notes: Json[] = [];

  // What the photo shows: a subject to limit the enhancement to or to crop around, a face.
  const subject = await detectSubject(inputs.image.path, photo, { region: params.subject_detection !== 'all', face: params.face_enhancement, crop }, signal);
  signal.throwIfAborted();

  // The part of the photo enlarged, and the output's size.
  let window: Box = { left: 0, top: 0, ...photo };
  let out = { width: capped.width, height: capped.height };
  let factor = capped.factor;
  let cropped: Outcome['cropped'] = null;
  if (crop) {
    const chosen = cropWindow(photo, Math.max(1, Math.floor(capped.width / params.factor)), Math.max(1, Math.floor(capped.height / params.factor)), subject);
    ({ window } = chosen);
    cropped = chosen.around;
    factor = params.factor;
    out = { width: window.width * factor, height: window.height * factor };
    applied.push(`crop_to_fill: ${window.width}×${window.height} px at (${window.left}, ${window.top}) around the ${chosen.around}, kept at ×${factor}`);
  } else if (capped.factor < params.factor) {
    notes.push(
      `Output capped at ${limits.maxOutputPixels / 1e6} MP${params.output_format === 'webp' ? ' and 16383 px per side (WebP)' : ''}: effective factor ${capped.factor.toFixed(3)}.`,
    );
  }
  if (params.crop_to_fill && !crop) notes.push('crop_to_fill: the output is exactly factor × the input, within the cap, so there is nothing to crop.');

  const source = (): Sharp => {
    let pipeline = sharp(inputs.image.path).autoOrient();
    if (cropped) pipeline = pipeline.extract(window);
    return preset.denoise ? pipeline.median(3) : pipeline;
  };
  const resampled = () => source().resize(out.width, out.height, { fit: 'fill', kernel: 'lanczos3' });
  if (preset.denoise) applied.push('3×3 median denoise before enlarging');
  let enlargement = limits.enlargement(window.width, window.height, factor);
  const sharpen = { sigma: (0.5 + 0.25 * factor) * preset.radius, m1: preset.m1, m2: preset.m2 };

  const part = params.subject_detection;
  const region = part !== 'all' && subject.mask ? await regionMask(subject, window, photo.width, out, part) : null;
  if (region) applied.push(`enhancement limited to the ${part} (${subject.kind === 'person' ? 'person segmentation' : 'plain-backdrop mask'})`);
  else if (part !== 'all') notes.push(`subject_detection '${part}': no person and no plain backdrop found, so the whole image was enhanced.`);
  const face = params.face_enhancement ? subject.face : null;
  report('generatingResult', 30);

  const keepAlpha = meta.hasAlpha && params.output_format !== 'jpeg';
  let result: Sharp;
  if (enlargement.method === 'lanczos' && !region && !face) {
    // One streaming pipeline: decode, resample, sharpen, encode.
    result = resampled().sharpen(sharpen);
    if (!keepAlpha) result = result.removeAlpha();
  } else {
    // Colour channels as raw RGB (sharpening RGBA costs about three times more), alpha apart.
    const raw = { width: out.width, height: out.height, channels: 3 as const };
    let plain = region ? await resampled().removeAlpha().raw().toBuffer() : null;
    signal.throwIfAborted();
    let enhanced: Buffer | null = null;
    if (enlargement.method === 'esrgan') {
      const enlarged = await esrganEnlarge(source(), enlargement.scale, out, preset, {
        signal,
        onProgress: (percent) => report('generatingResult', 30 + Math.round(percent / 2)),
        startedAt,
        budgetMs: limits.esrganBudgetMs,
      });
      if (enlarged.rgb) enhanced = enlarged.rgb;
      else enlargement = { method: 'lanczos', slow: true, seconds: enlarged.projected };
    }
    if (!enhanced) {
      plain ??= await resampled().removeAlpha().raw().toBuffer();
      enhanced = await sharp(plain, { raw }).sharpen(sharpen).raw().toBuffer();
    }
    signal.throwIfAborted();
    report('generatingResult', 80);
    if (region) {
      // Enhanced pixels where the region is, plain ones elsewhere.
      for (let p = 0; p < region.length; p++) {
        const a = region[p]! / 255;
        if (a === 1) continue;
        const i = p * 3;
        for (let c = 0; c < 3; c++) enhanced[i + c] = Math.round(plain![i + c]! * (1 - a) + enhanced[i + c]! * a);
      }
    }
    if (face) {
      enhanced = await enhanceFace(enhanced, out, face, window, params.face_enhancement_strength);
      applied.push(`face enhancement: clarity (local contrast) inside the face oval found by the face landmarks, strength ${params.face_enhancement_strength}`);
    }
    result = sharp(enhanced, { raw });
    if (keepAlpha) {
      const alpha = await resampled().ensureAlpha().extractChannel(3).raw().toBuffer();
      result = sharp(
        await result
          .joinChannel(alpha, { raw: { width: out.width, height: out.height, channels: 1 } })
          .raw()
          .toBuffer(),
        {
          raw: { width: out.width, height: out.height, channels: 4 },
        },
      );
    }
  }
  if (enlargement.method === 'esrgan') {
    applied.unshift(`ESRGAN slim ×${enlargement.scale}${out.width === window.width * enlargement.scale ? '' : ' then lanczos3 to size'}`);
    if (enlargement.scale === 2) applied.splice(1, 0, `unsharp mask (${params.model} preset) on the model's output`);
  } else {
    applied.unshift(`lanczos3 resample ×${Number(factor.toFixed(3))}`, `unsharp mask sigma ${sharpen.sigma.toFixed(2)} px (${params.model} preset)`);
    notes.push(
      'slow' in enlargement
        ? `ESRGAN stopped: the server was too busy for it to finish within the expected wait (about ${enlargement.seconds} s); resampled instead.`
        : `ESRGAN not run: ${enlargement.megapixels} MP is past the ${enlargement.limit} MP it enlarges within the expected wait.`,
    );
  }
  if (params.face_enhancement && !face) notes.push('face_enhancement: no face was found, so none was enhanced.');
  if (params.face_enhancement && params.face_enhancement_creativity > 0)
    notes.push('face_enhancement_creativity: generative detail is not available on the local engine; not applied.');
  report('generatingResult', 85);

  const format = params.output_format;
  const name = `upscaled-${params.factor}x.${FORMAT_EXTENSION[format]}`;
  const path = join(workDir, name);
  await encode(result, format).toFile(path);
  signal.throwIfAborted();
  report('generatingResult', 100);

  const models: ModelId[] = [...(enlargement.method === 'esrgan' ? (['esrgan'] as const) : []), ...(region || face || cropped ? subject.models : [])];
  const outcome: Outcome = {
    factor,
    enlargement,
    capped: capped.factor < params.factor && !crop,
    cropped,
    region: region !== null,
    subjectFound: part === 'all' || region !== null,
    faceEnhanced: face !== null,
    models,
  };
  const over4k = out.width * out.height > FOUR_K_PIXELS;
  return {
    plan: resultPlan(request, outcome, limits.maxOutputPixels),
    outputs: [{ path, ...imageFile(format), kind: 'upscaled', roles: ['image'], name, ...(over4k ? { warnings: ['over4k'] } : {}) }],
    metadata: {
      engine: 'local',
      method: enlargement.method === 'esrgan' ? `ESRGAN slim ×${enlargement.scale} (super-resolution model)` : 'lanczos3 resample and unsharp mask',
      model: params.model,
      factor: params.factor,
      effective_factor: Number(factor.toFixed(3)),
      width: out.width,
      height: out.height,
      ...(models.length > 0 ? { models: modelsRan(models).labels } : {}),
      applied,
      notes,
    },
  };
}

/**
 * What was done and what was not (docs/product-rules.md#engine-plan): the plan of the submit
 * names both ways of enlarging, since the photo's size is not in the request; the result names
 * the one taken, and what the photo changed (no subject, no face, a capped or cropped output).
 */
function resultPlan(request: EngineRequest<'upscaler-image'>, outcome: Outcome, maxOutputPixels: number): EnginePlan {
  const { params } = request;
  const model = UPSCALE_IMAGE_MODEL_LABELS[params.model];
  const factor = Number(outcome.factor.toFixed(2));
  const megapixels = maxOutputPixels / 1e6;
  const done: PlanItem[] = [planItem(outcome.enlargement.method === 'esrgan' ? 'imageEnlargedModel' : 'imageResampled', { factor, model })];
  const notDone: PlanItem[] = [];
  const { enlargement } = outcome;
  if (enlargement.method === 'lanczos')
    notDone.push(
      'slow' in enlargement
        ? planItem('esrganSlow', { seconds: enlargement.seconds })
        : planItem('esrganSkipped', { megapixels: enlargement.megapixels, limit: enlargement.limit }),
    );
  if (outcome.region) done.push(planItem(params.subject_detection === 'foreground' ? 'sharpenSubject' : 'sharpenBackground'));
  if (!outcome.subjectFound) notDone.push(planItem('subjectNotFound'));
  if (outcome.faceEnhanced) done.push(planItem('faceRegion'));
  else if (params.face_enhancement) notDone.push(planItem('noFaceToEnhance'));
  if (params.face_enhancement && params.face_enhancement_creativity > 0) notDone.push(planItem('faceCreativity'));
  if (outcome.cropped) done.push(planItem(outcome.cropped === 'centre' ? 'croppedCentre' : 'croppedAroundSubject', { factor, megapixels }));
  if (outcome.capped) notDone.push(planItem('outputCapped', { factor: params.factor, megapixels, effective: factor }));
  if (outcome.models.length > 0) done.push(modelsRan(outcome.models).item);
  return { done, not_done: notDone };
}

/**
 * Clarity inside the face's oval: local contrast boosted by 40% against a wide blur (sigma 2% of
 * the face's short side), blended by `strength` (0..1) through the oval feathered by 4% of it.
 * `face` is in the photo's pixels; `window` is the part of the photo enlarged to `out`. RGB raw in
 * and out.
 */
async function enhanceFace(rgb: Buffer, out: { width: number; height: number }, face: FaceLandmarks, window: Box, strength: number): Promise<Buffer> {
  const k = out.width / window.width;
  const oval = face.oval.map(([x, y]) => [(x - window.left) * k, (y - window.top) * k] as const);
  const xs = oval.map(([x]) => x);
  const ys = oval.map(([, y]) => y);
  const margin = 0.1 * (Math.max(...xs) - Math.min(...xs));
  const left = Math.max(0, Math.floor(Math.min(...xs) - margin));
  const top = Math.max(0, Math.floor(Math.min(...ys) - margin));
  const right = Math.min(out.width, Math.ceil(Math.max(...xs) + margin));
  const bottom = Math.min(out.height, Math.ceil(Math.max(...ys) + margin));
  if (right - left < 8 || bottom - top < 8) return rgb;
  const box = { left, top, width: right - left, height: bottom - top };
  const short = Math.min(box.width, box.height);
  const raw = { width: out.width, height: out.height, channels: 3 as const };
  const crop = await sharp(rgb, { raw }).extract(box).raw().toBuffer();
  const blurred = await sharp(crop, { raw: { width: box.width, height: box.height, channels: 3 } })
    .blur(Math.max(1, 0.02 * short))
    .raw()
    .toBuffer();
  const points = oval.map(([x, y]) => `${(x - left).toFixed(1)},${(y - top).toFixed(1)}`).join(' ');
  const feathered = await sharp(
    Buffer.from(
      `<svg xmlns="http://www.w3.org/2000/svg" width="${box.width}" height="${box.height}"><rect width="100%" height="100%" fill="#000"/><polygon points="${points}" fill="#fff"/></svg>`,
    ),
  )
    .blur(Math.max(0.5, 0.04 * short))
    .extractChannel(0)
    .raw()
    .toBuffer();
  const result = Buffer.from(rgb);
  const CLARITY = 0.4;
  for (let y = 0; y < box.height; y++) {
    for (let x = 0; x < box.width; x++) {
      const q = y * box.width + x;
      const a = (feathered[q]! / 255) * strength * CLARITY;
      if (a === 0) continue;
      const i = ((box.top + y) * out.width + box.left + x) * 3;
      for (let c = 0; c < 3; c++) result[i + c] = Math.max(0, Math.min(255, Math.round(crop[q * 3 + c]! + a * (crop[q * 3 + c]! - blurred[q * 3 + c]!))));
    }
  }
  return result;
}
