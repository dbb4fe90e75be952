/**
 * Image upscaler, locally: a Lanczos-3 resample to factor × the input, then an unsharp mask
 * whose radius grows with the factor (edges of an upscaled image are `factor` pixels wide).
 * What the local engine does with the other options, recorded in the result's metadata:
 * - model: a sharpening preset per model (strength and radius; "recovery" denoises first with a
 *   3×3 median); no learned model runs;
 * - subject_detection: 'all' sharpens everywhere; 'foreground' / 'background' sharpen only that
 *   part, found with the plain-backdrop mask (border colour); when the photo has no plain
 *   backdrop, everything is sharpened and the metadata says so;
 * - face_enhancement: no face detection: a clarity (local contrast) boost in a feathered
 *   ellipse in the upper centre, where a portrait has the face, scaled by
 *   face_enhancement_strength; face_enhancement_creativity (generative detail) is not applied;
 * - crop_to_fill: the output is always exactly factor × the input (rounded), never padded or
 *   cropped, so the flag changes nothing here;
 * - outputs above MAX_OUTPUT_PIXELS (64 MP), or wider than WebP's 16 383 px, get a smaller
 *   effective factor (recorded); outputs above 4K UHD carry the `over4k` warning.
 */
import { join } from 'node:path';
import sharp, { type Sharp } from 'sharp';
import { FOUR_K_PIXELS, type UpscaleImageModel } from '../../../src/contract/generation-params.ts';
import type { EnginePlan } from '../../../src/contract/engine-plan.schema.ts';
import { planItem } from '../../../src/contract/engine-plan-texts.ts';
import { localEnginePlan } from '../../../src/contract/local-engine-plan.ts';
import type { Json } from '../../db/schema.ts';
import type { EngineRequest, EngineResult } from '../types.ts';
import { encode, FORMAT_EXTENSION, foreground, imageFile, readRaster, transformMask } from './pixels.ts';

/** Largest output the local engine writes, in pixels (64 MP: ~0.25 GB of raw RGBA in flight). */
export const MAX_OUTPUT_PIXELS = 64_000_000;
/** WebP's largest side, px. */
const WEBP_MAX_SIDE = 16_383;
/** Subject detection runs on a copy this large (px, long side): the mask is smooth anyway. */
const DETECTION_SIDE_PX = 512;

interface Preset {
  /** Multiplies the factor-based sigma. */
  radius: number;
  /** Sharpening of flat and jagged areas (sharp's m1, m2). */
  flat: number;
  jagged: number;
  denoise: boolean;
}

const PRESETS: Readonly<Record<UpscaleImageModel, Preset>> = {
  'standard-v2': { radius: 1, flat: 0.8, jagged: 2, denoise: false },
  'low-resolution-v2': { radius: 1.2, flat: 1.2, jagged: 3, denoise: false },
  cgi: { radius: 0.8, flat: 1, jagged: 2.5, denoise: false },
  'high-fidelity-v2': { radius: 1, flat: 0.5, jagged: 1.5, denoise: false },
  'text-refine': { radius: 0.9, flat: 0.6, jagged: 4, denoise: false },
  'recovery-v2': { radius: 1.1, flat: 0.8, jagged: 2, denoise: true },
};

/** Output size for an input and a factor, capped (see the module comment). */
export function upscaleSize(width: number, height: number, factor: number, format: 'jpeg' | 'png' | 'webp'): { width: number; height: number; factor: number } {
  let effective = Math.min(factor, Math.sqrt(MAX_OUTPUT_PIXELS / (width * height)));
  if (format === 'webp') effective = Math.min(effective, WEBP_MAX_SIDE / Math.max(width, height));
  effective = Math.max(1, effective);
  // Capped sizes round down so the cap holds; whole factors are exact either way.
  const side = (value: number) => (effective < factor ? Math.floor(value * effective) : Math.round(value * effective));
  return { width: side(width), height: side(height), factor: effective };
}

export async function runUpscaleImage(request: EngineRequest<'upscaler-image'>): Promise<EngineResult> {
  const { inputs, params, report, signal, workDir } = request;
  report('analyzingComposition', 5);
  const meta = await sharp(inputs.image.path).metadata();
  const input = { width: meta.autoOrient.width, height: meta.autoOrient.height };
  const size = upscaleSize(input.width, input.height, params.factor, params.output_format);
  const preset = PRESETS[params.model];
  const sharpen = { sigma: (0.5 + 0.25 * size.factor) * preset.radius, m1: preset.flat, m2: preset.jagged };
  const applied: Json[] = [
    `lanczos3 resample ×${Number(size.factor.toFixed(3))}`,
    `unsharp mask sigma ${sharpen.sigma.toFixed(2)} px (${params.model} preset)`,
  ];
  const notes: Json[] = [];
  if (preset.denoise) applied.push('3×3 median denoise before resampling');
  if (size.factor < params.factor)
    notes.push(
      `Output capped at ${MAX_OUTPUT_PIXELS / 1e6} MP${params.output_format === 'webp' ? ' and 16383 px per side (WebP)' : ''}: effective factor ${size.factor.toFixed(3)}.`,
    );
  notes.push('crop_to_fill: the local engine always outputs exactly factor × the input, never padded, so there is nothing to crop.');

  const resampled = () => {
    let pipeline = sharp(inputs.image.path).autoOrient();
    if (preset.denoise) pipeline = pipeline.median(3);
    return pipeline.resize(size.width, size.height, { fit: 'fill', kernel: 'lanczos3' });
  };
  const keepAlpha = meta.hasAlpha && params.output_format !== 'jpeg';

  // Which part gets sharpened: everything, or the subject / the backdrop.
  let region: Uint8Array | null = null;
  let subjectFound = true;
  if (params.subject_detection !== 'all') {
    const small = await readRaster(inputs.image.path, DETECTION_SIDE_PX);
    const found = foreground(small, { holes: 'clear' });
    if (found.plainBackdrop && found.box && found.coverage >= 0.01 && found.coverage <= 0.95) {
      const mask = await transformMask(found.mask, (p) =>
        (params.subject_detection === 'background' ? p.negate() : p).resize(size.width, size.height, { fit: 'fill' }).blur(1),
      );
      region = mask.data;
      applied.push(`sharpening limited to the ${params.subject_detection} (plain-backdrop mask)`);
    } else {
      subjectFound = false;
      notes.push(`subject_detection '${params.subject_detection}': no plain backdrop found, so the whole image was sharpened.`);
    }
  }
  signal.throwIfAborted();
  report('generatingResult', 30);

  let result: Sharp;
  if (!region && !params.face_enhancement) {
    // One streaming pipeline: decode, resample, sharpen, encode.
    result = resampled().sharpen(sharpen);
    if (!keepAlpha) result = result.removeAlpha();
  } else {
    // Colour channels as raw RGB (sharpening RGBA costs about three times more), alpha apart.
    const raw = { width: size.width, height: size.height, channels: 3 as const };
    const plain = await resampled().removeAlpha().raw().toBuffer();
    signal.throwIfAborted();
    report('generatingResult', 45);
    let out: Buffer = await sharp(plain, { raw }).sharpen(sharpen).raw().toBuffer();
    if (region) {
      // Sharpened pixels where the region is, plain ones elsewhere.
      for (let p = 0; p < region.length; p++) {
        const a = region[p]! / 255;
        if (a === 1) continue;
        const i = p * 3;
        for (let c = 0; c < 3; c++) out[i + c] = Math.round(plain[i + c]! * (1 - a) + out[i + c]! * a);
      }
    }
    report('generatingResult', 60);
    if (params.face_enhancement) {
      out = await enhanceFaceRegion(out, size.width, size.height, params.face_enhancement_strength);
      applied.push(`face enhancement: clarity (local contrast) in the upper-centre ellipse, strength ${params.face_enhancement_strength}`);
      notes.push('face_enhancement: the local engine has no face detection; it enhances the upper-centre region where a portrait has the face.');
      if (params.face_enhancement_creativity > 0)
        notes.push('face_enhancement_creativity: generative detail is not available on the local engine; not applied.');
    }
    result = sharp(out, { raw });
    if (keepAlpha) {
      const alpha = await resampled().ensureAlpha().extractChannel(3).raw().toBuffer();
      result = sharp(
        await result
          .joinChannel(alpha, { raw: { width: size.width, height: size.height, channels: 1 } })
          .raw()
          .toBuffer(),
        {
          raw: { width: size.width, height: size.height, channels: 4 },
        },
      );
    }
  }
  report('generatingResult', 70);

  const format = params.output_format;
  const name = `upscaled-${params.factor}x.${FORMAT_EXTENSION[format]}`;
  const path = join(workDir, name);
  await encode(result, format).toFile(path);
  signal.throwIfAborted();
  report('generatingResult', 100);

  const over4k = size.width * size.height > FOUR_K_PIXELS;
  return {
    plan: outcome(request, size.factor, subjectFound),
    outputs: [{ path, ...imageFile(format), kind: 'upscaled', roles: ['image'], name, ...(over4k ? { warnings: ['over4k'] } : {}) }],
    metadata: {
      engine: 'local',
      method: 'lanczos3 resample and unsharp mask',
      model: params.model,
      factor: params.factor,
      effective_factor: Number(size.factor.toFixed(3)),
      width: size.width,
      height: size.height,
      applied,
      notes,
    },
  };
}

/**
 * What was done, where the photo made it differ from the plan accepted at submit: an output
 * capped below the factor, or no plain backdrop to limit the sharpening to.
 */
function outcome(request: EngineRequest<'upscaler-image'>, effective: number, subjectFound: boolean): EnginePlan | undefined {
  const { params } = request;
  const capped = effective < params.factor;
  if (!capped && subjectFound) return undefined;
  const plan = localEnginePlan({ feature: 'upscaler-image', inputs: { image: request.inputs.image.assetId }, params });
  const rounded = Number(effective.toFixed(2));
  const done = plan.done
    .filter((item) => subjectFound || (item.code !== 'sharpenSubject' && item.code !== 'sharpenBackground'))
    .map((item) => (capped && item.code === 'imageEnlarged' ? planItem('imageEnlarged', { ...item.values, factor: rounded }) : item));
  const notDone = [...plan.not_done];
  if (capped) notDone.push(planItem('outputCapped', { factor: params.factor, megapixels: MAX_OUTPUT_PIXELS / 1e6, effective: rounded }));
  if (!subjectFound) notDone.push(planItem('subjectNotFound'));
  return { done, not_done: notDone };
}

/**
 * Clarity in a feathered upper-centre ellipse: local contrast boosted by 40% against a wide
 * blur (sigma 2% of the region's short side), blended by `strength` (0..1). RGB raw in and out.
 */
async function enhanceFaceRegion(rgb: Buffer, width: number, height: number, strength: number): Promise<Buffer> {
  const box = {
    left: Math.round(width * 0.28),
    top: Math.round(height * 0.1),
    width: Math.max(8, Math.round(width * 0.44)),
    height: Math.max(8, Math.round(height * 0.44)),
  };
  const raw = { width, height, channels: 3 as const };
  const crop = await sharp(rgb, { raw }).extract(box).raw().toBuffer();
  const blurred = await sharp(crop, { raw: { width: box.width, height: box.height, channels: 3 } })
    .blur(Math.max(1, 0.02 * Math.min(box.width, box.height)))
    .raw()
    .toBuffer();
  // A feathered ellipse filling the box (full 70% of the way out, then fading to nothing).
  const ellipse = await sharp(
    Buffer.from(
      `<svg xmlns="http://www.w3.org/2000/svg" width="${box.width}" height="${box.height}"><defs><radialGradient id="f"><stop offset="0.7" stop-color="#fff"/><stop offset="1" stop-color="#000"/></radialGradient></defs><rect width="100%" height="100%" fill="#000"/><ellipse cx="${box.width / 2}" cy="${box.height / 2}" rx="${box.width / 2}" ry="${box.height / 2}" fill="url(#f)"/></svg>`,
    ),
  )
    .extractChannel(0)
    .raw()
    .toBuffer();
  const out = Buffer.from(rgb);
  const CLARITY = 0.4;
  for (let y = 0; y < box.height; y++) {
    for (let x = 0; x < box.width; x++) {
      const q = y * box.width + x;
      const a = (ellipse[q]! / 255) * strength * CLARITY;
      if (a === 0) continue;
      const i = ((box.top + y) * width + box.left + x) * 3;
      for (let c = 0; c < 3; c++) out[i + c] = Math.max(0, Math.min(255, Math.round(crop[q * 3 + c]! + a * (crop[q * 3 + c]! - blurred[q * 3 + c]!))));
    }
  }
  return out;
}
