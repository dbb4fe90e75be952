/**
 * Virtual try-on, locally: each garment is cut from its plain background, the person's
 * silhouette is found in the model photo (plain backdrop), body landmarks are read from the
 * silhouette's rows, and each garment is scaled onto the body region of its category, clipped
 * to the silhouette (with a small margin) and shaded by the model photo's own light, so folds
 * and shadows under the garment show through. Several garments are layered bottoms, dresses,
 * tops, outerwear.
 *
 * It is a 2D placement, not a generative fit: garments keep their flat shape, scaled to the body
 * box, and sleeves are not posed. The result's metadata says so.
 */
import { join } from 'node:path';
import sharp from 'sharp';
import type { GarmentCategory } from '../../../src/contract/generation-params.ts';
import type { Json } from '../../db/schema.ts';
import { EngineError, type EngineRequest, type EngineResult } from '../types.ts';
import {
  decontaminate,
  encode,
  FORMAT_EXTENSION,
  foreground,
  formatOfMime,
  imageFile,
  lumaAt,
  readRaster,
  transformMask,
  type ImageFormat,
  type Mask,
  type Raster,
} from './pixels.ts';

/** Layering order: what is worn underneath first. */
const LAYER_ORDER: readonly GarmentCategory[] = ['bottoms', 'dresses', 'tops', 'outerwear'];

/** Garment photos are cut out at this size at most (px, long side): plenty for a body region. */
const GARMENT_MAX_SIDE_PX = 1600;

/** A person must cover at least this fraction of the photo and span this fraction of its height. */
const MIN_PERSON_COVERAGE = 0.02;
const MIN_PERSON_HEIGHT_FRACTION = 0.25;
/** A garment must cover at least this fraction of its photo. */
const MIN_GARMENT_COVERAGE = 0.01;

/**
 * How strongly the model's light shapes the garment: 0 pastes it flat, 1 multiplies it by the
 * full relative luminance. Shading is clamped so a dark underwear band cannot blacken a shirt.
 */
const SHADING_STRENGTH = 0.6;
const SHADE_MIN = 0.8;
const SHADE_MAX = 1.25;

/** Body landmarks in model-photo pixels (rows are y, the centre line is x). */
export interface BodyLandmarks {
  top: number;
  bottom: number;
  /** Head top to soles, px. */
  height: number;
  centreX: number;
  headWidth: number;
  shoulderY: number;
  waistY: number;
  hipY: number;
  crotchY: number;
  kneeY: number;
  ankleY: number;
  /** Outer edge to outer edge at the shoulders (upper arms included), px. */
  shoulderWidth: number;
  hipWidth: number;
  /** Outer edges of both thighs just below the crotch, px. */
  thighSpan: number;
  /** Which landmarks were measured on the silhouette (the rest follow standard proportions). */
  measured: { shoulders: boolean; crotch: boolean };
}

interface Run {
  start: number;
  end: number;
}

function rowRuns(mask: Mask): Run[][] {
  const { data, width, height } = mask;
  const rows: Run[][] = [];
  for (let y = 0; y < height; y++) {
    const runs: Run[] = [];
    let start = -1;
    for (let x = 0; x < width; x++) {
      const inside = data[y * width + x]! >= 128;
      if (inside && start < 0) start = x;
      if (!inside && start >= 0) {
        runs.push({ start, end: x - 1 });
        start = -1;
      }
    }
    if (start >= 0) runs.push({ start, end: width - 1 });
    rows.push(runs);
  }
  return rows;
}

const runAt = (runs: readonly Run[] | undefined, x: number): Run | undefined => runs?.find((r) => r.start <= x && x <= r.end);
const widthOf = (run: Run | undefined): number => (run ? run.end - run.start + 1 : 0);

/**
 * Reads body landmarks from a person's silhouette, or null when there is no figure. Rows are
 * scanned top-down: the head's width, the shoulder line (the first row below the head much
 * wider than it), the crotch (the first row where the centre line leaves the body); the rest
 * follow standard adult proportions between those (waist at 62% from shoulders to crotch, knees
 * at 48% from crotch to ankles).
 */
export function bodyLandmarks(mask: Mask): BodyLandmarks | null {
  const rows = rowRuns(mask);
  const top = rows.findIndex((runs) => runs.length > 0);
  if (top < 0) return null;
  let bottom = rows.length - 1;
  while (rows[bottom]!.length === 0) bottom--;
  const height = bottom - top + 1;
  const at = (fraction: number) => Math.min(bottom, Math.round(top + fraction * height));

  // Head: the widest run's centre in the top 10%, and its largest width.
  const centres: number[] = [];
  for (let y = top; y <= at(0.1); y++) {
    const widest = rows[y]!.reduce<Run | undefined>((best, run) => (!best || widthOf(run) > widthOf(best) ? run : best), undefined);
    if (widest) centres.push((widest.start + widest.end) / 2);
  }
  centres.sort((a, b) => a - b);
  const headCentre = centres[Math.floor(centres.length / 2)] ?? mask.width / 2;
  let headWidth = 1;
  for (let y = at(0.02); y <= at(0.1); y++) headWidth = Math.max(headWidth, widthOf(runAt(rows[y], headCentre)));

  let shoulderY = -1;
  for (let y = at(0.1); y <= at(0.3); y++) {
    if (widthOf(runAt(rows[y], headCentre)) >= 1.6 * headWidth) {
      shoulderY = y;
      break;
    }
  }
  const shouldersMeasured = shoulderY >= 0;
  if (!shouldersMeasured) shoulderY = at(0.18);

  // The torso's centre line: median centre of the torso rows' runs (the head may tilt).
  const torsoCentres: number[] = [];
  for (let y = shoulderY; y <= at(0.42); y++) {
    const run = runAt(rows[y], headCentre);
    if (run) torsoCentres.push((run.start + run.end) / 2);
  }
  torsoCentres.sort((a, b) => a - b);
  const centreX = torsoCentres[Math.floor(torsoCentres.length / 2)] ?? headCentre;

  // Crotch: the centre line (±0.5% of the width) leaves the body for a few rows in a row.
  const probe = Math.max(1, Math.round(mask.width * 0.005));
  const gapAt = (y: number) => {
    for (let x = Math.round(centreX - probe); x <= Math.round(centreX + probe); x++) if (runAt(rows[y], x)) return false;
    return true;
  };
  let crotchY = -1;
  for (let y = at(0.4); y <= at(0.62) - 3; y++) {
    if (gapAt(y) && gapAt(y + 1) && gapAt(y + 2)) {
      crotchY = y;
      break;
    }
  }
  const crotchMeasured = crotchY >= 0;
  if (!crotchMeasured) crotchY = at(0.52);

  const ankleY = at(0.955);
  const waistY = Math.round(shoulderY + 0.62 * (crotchY - shoulderY));
  const hipY = Math.round(crotchY - 0.04 * height);
  const kneeY = Math.round(crotchY + 0.48 * (ankleY - crotchY));

  const shoulderWidth = Math.max(headWidth * 1.6, widthOf(runAt(rows[Math.min(bottom, shoulderY + Math.round(0.03 * height))], centreX)));
  // Thighs just below the crotch: the innermost run on each side of the centre line (hands
  // hanging beside them are further out).
  const thighRow = rows[Math.min(bottom, crotchY + Math.round(0.04 * height))] ?? [];
  const leftLeg = thighRow.filter((run) => run.start < centreX).at(-1);
  const rightLeg = thighRow.find((run) => run.end > centreX);
  const thighSpan = leftLeg && rightLeg ? rightLeg.end - leftLeg.start + 1 : Math.max(widthOf(leftLeg), widthOf(rightLeg));
  // The hips: the torso's run at the hip line, or the thighs when a seam or a gap splits that row;
  // hands held against the hips widen it, so more than 1.3 shoulders is arms, not hips.
  const hipWidth = Math.min(shoulderWidth * 1.3, Math.max(headWidth, widthOf(runAt(rows[hipY], centreX)), thighSpan));

  return {
    top,
    bottom,
    height,
    centreX,
    headWidth,
    shoulderY,
    waistY,
    hipY,
    crotchY,
    kneeY,
    ankleY,
    shoulderWidth,
    hipWidth,
    thighSpan,
    measured: { shoulders: shouldersMeasured, crotch: crotchMeasured },
  };
}

export interface PlacementBox {
  left: number;
  top: number;
  width: number;
  height: number;
}

/** Where a garment of the category goes on the body (px), and how far past the silhouette it may reach. */
export function placement(category: GarmentCategory, body: BodyLandmarks): { box: PlacementBox; marginPx: number; bridgeLegs: boolean } {
  const h = body.height;
  let top: number;
  let bottom: number;
  let width: number;
  let margin = 0.012;
  let bridgeLegs = false;
  switch (category) {
    case 'tops':
      // Collar just above the shoulder line, hem a little below the hip line.
      top = body.shoulderY - 0.03 * h;
      bottom = body.hipY + 0.03 * h;
      width = body.shoulderWidth * 1.1;
      break;
    case 'bottoms':
      top = body.waistY - 0.01 * h;
      bottom = body.ankleY + 0.01 * h;
      width = Math.max(body.hipWidth, body.thighSpan) * 1.06;
      break;
    case 'dresses':
      top = body.shoulderY - 0.025 * h;
      bottom = body.kneeY + 0.05 * h;
      width = Math.max(body.shoulderWidth, body.hipWidth * 1.15) * 1.02;
      bridgeLegs = true;
      break;
    case 'outerwear':
      // Worn over the rest: reaches mid-thigh, a little wider and freer of the silhouette.
      top = body.shoulderY - 0.04 * h;
      bottom = body.crotchY + 0.13 * h;
      width = body.shoulderWidth * 1.22;
      margin = 0.022;
      bridgeLegs = true;
      break;
  }
  const box = {
    left: Math.round(body.centreX - width / 2),
    top: Math.round(top),
    width: Math.max(1, Math.round(width)),
    height: Math.max(1, Math.round(bottom - top)),
  };
  return { box, marginPx: Math.max(1, margin * h), bridgeLegs };
}

interface Garment {
  /** The cut-out, trimmed to the garment, with its mask as alpha. */
  raster: Raster;
  method: 'alpha' | 'backdrop';
}

async function cutOutGarment(path: string): Promise<Garment> {
  const raster = await readRaster(path, GARMENT_MAX_SIDE_PX);
  const found = foreground(raster, { minBlobFraction: 0.02 });
  if (!found.plainBackdrop || !found.box || found.coverage < MIN_GARMENT_COVERAGE) throw new EngineError('garmentNotFound');
  if (found.backdrop) decontaminate(raster, found.mask, found.backdrop);
  const { data } = raster;
  for (let p = 0; p < found.mask.data.length; p++) data[p * 4 + 3] = Math.min(data[p * 4 + 3]!, found.mask.data[p]!);
  const { box } = found;
  const trimmed = Buffer.alloc(box.width * box.height * 4);
  for (let y = 0; y < box.height; y++) {
    const from = ((box.top + y) * raster.width + box.left) * 4;
    data.copy(trimmed, y * box.width * 4, from, from + box.width * 4);
  }
  return { raster: { data: trimmed, width: box.width, height: box.height }, method: found.method };
}

/**
 * The region a garment may cover: the silhouette, with the gap between the legs bridged for
 * dresses and coats (they hang across it), grown by the margin with a soft edge. Computed on
 * the garment's box (plus the margin) only.
 */
async function allowedRegion(silhouette: Mask, body: BodyLandmarks, region: PlacementBox, marginPx: number, bridgeLegs: boolean): Promise<Mask> {
  const { width, height } = region;
  const data = new Uint8Array(width * height);
  for (let y = 0; y < height; y++) {
    const sy = region.top + y;
    if (sy < 0 || sy >= silhouette.height) continue;
    for (let x = 0; x < width; x++) {
      const sx = region.left + x;
      if (sx >= 0 && sx < silhouette.width) data[y * width + x] = silhouette.data[sy * silhouette.width + sx]!;
    }
    if (bridgeLegs && sy >= body.crotchY - 0.02 * body.height) {
      // Fill between the outer edges of the legs (runs near the centre line, not the hands).
      let left = -1;
      let right = -1;
      const reach = body.hipWidth * 0.75;
      for (let x = 0; x < width; x++) {
        const sx = region.left + x;
        if (Math.abs(sx - body.centreX) > reach || sx < 0 || sx >= silhouette.width) continue;
        if (silhouette.data[sy * silhouette.width + sx]! >= 128) {
          if (left < 0) left = x;
          right = x;
        }
      }
      if (left >= 0) data.fill(255, y * width + left, y * width + right + 1);
    }
  }
  // Grow by the margin: blurred with sigma = margin / 2, a straight edge falls to 3 of 255 at two
  // sigmas out; a steep ramp (×40) from there gives a grown edge about one pixel soft.
  return transformMask({ data, width, height }, (p) => p.blur(Math.max(0.5, marginPx / 2)).linear(40, -120));
}

/** The model photo's luminance around the box, lightly blurred (folds and light, not fine texture). */
async function shadingField(model: Raster, region: PlacementBox, sigma: number): Promise<Float32Array> {
  const { width, height } = region;
  const luma = new Uint8Array(width * height);
  for (let y = 0; y < height; y++) {
    const sy = Math.min(model.height - 1, Math.max(0, region.top + y));
    for (let x = 0; x < width; x++) {
      const sx = Math.min(model.width - 1, Math.max(0, region.left + x));
      luma[y * width + x] = Math.round(lumaAt(model.data, (sy * model.width + sx) * 4));
    }
  }
  const blurred = await transformMask({ data: luma, width, height }, (p) => p.blur(Math.max(0.5, sigma)));
  return Float32Array.from(blurred.data);
}

/**
 * Rows of a garment cut-out (fractions of its height) where its body is measured, and how wide
 * the body under it is there: a T-shirt's sleeves make its box much wider than its torso, so
 * sizing the box to the shoulders alone leaves the sides of the body showing.
 */
const BODY_BAND: Readonly<Record<GarmentCategory, { from: number; to: number; bodyWidth: (body: BodyLandmarks) => number }>> = {
  // Below the sleeves, against the torso at the hips (a little ease).
  tops: { from: 0.62, to: 0.88, bodyWidth: (body) => body.hipWidth * 1.08 },
  outerwear: { from: 0.62, to: 0.88, bodyWidth: (body) => body.hipWidth * 1.16 },
  // The waistband, against the hips.
  bottoms: { from: 0.02, to: 0.08, bodyWidth: (body) => body.hipWidth * 1.04 },
  // The waist, against the hips (a dress's waist sits above them, its skirt flares below).
  dresses: { from: 0.3, to: 0.4, bodyWidth: (body) => body.hipWidth * 0.98 },
};
/** A garment box is never widened past this many times its placement width. */
const MAX_BOX_WIDENING = 1.6;

/** Median opaque width (px) of the garment's rows in its body band, or 0 when there are none. */
function bandWidth(garment: Raster, category: GarmentCategory): number {
  const band = BODY_BAND[category];
  const widths: number[] = [];
  const from = Math.floor(band.from * garment.height);
  const to = Math.max(from + 1, Math.ceil(band.to * garment.height));
  for (let y = from; y < Math.min(to, garment.height); y++) {
    let left = -1;
    let right = -1;
    for (let x = 0; x < garment.width; x++) {
      if (garment.data[(y * garment.width + x) * 4 + 3]! >= 128) {
        if (left < 0) left = x;
        right = x;
      }
    }
    if (left >= 0) widths.push(right - left + 1);
  }
  widths.sort((a, b) => a - b);
  return widths[Math.floor(widths.length / 2)] ?? 0;
}

/** Widens the placement box so the garment's body (not its sleeves) covers the body under it. */
function fitBoxToBody(box: PlacementBox, garment: Raster, category: GarmentCategory, body: BodyLandmarks): PlacementBox {
  const measured = bandWidth(garment, category);
  if (measured <= 0) return box;
  const wanted = Math.round((garment.width * BODY_BAND[category].bodyWidth(body)) / measured);
  const width = Math.min(Math.round(box.width * MAX_BOX_WIDENING), Math.max(box.width, wanted));
  return { ...box, width, left: Math.round(body.centreX - width / 2) };
}

async function fitGarment(garment: Raster, box: PlacementBox): Promise<Raster> {
  const { data, info } = await sharp(garment.data, { raw: { width: garment.width, height: garment.height, channels: 4 } })
    .resize(box.width, box.height, { fit: 'fill', kernel: 'lanczos3' })
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

export async function runTryOn(request: EngineRequest<'virtual-tryon'>): Promise<EngineResult> {
  const { inputs, report, signal, workDir } = request;
  report('analyzingPose', 5);
  const model = await readRaster(inputs.model.path);
  const person = foreground(model, { largestOnly: true, holes: 'clear' });
  const body =
    person.plainBackdrop && person.box && person.coverage >= MIN_PERSON_COVERAGE && person.box.height >= MIN_PERSON_HEIGHT_FRACTION * model.height
      ? bodyLandmarks(person.mask)
      : null;
  if (!body) throw new EngineError('personNotFound');
  signal.throwIfAborted();
  report('analyzingPose', 20);

  // Layer order, keeping the given order within a category.
  const garments = inputs.garments
    .map((garment, index) => ({ garment, index }))
    .toSorted((a, b) => LAYER_ORDER.indexOf(a.garment.category) - LAYER_ORDER.indexOf(b.garment.category) || a.index - b.index);
  const placed: Json[] = [];
  const original = Buffer.from(model.data);
  const out = model.data;
  for (const [k, { garment }] of garments.entries()) {
    report('processingGarment', Math.round(20 + (65 * k) / garments.length));
    const cut = await cutOutGarment(garment.path);
    signal.throwIfAborted();
    const planned = placement(garment.category, body);
    const { marginPx, bridgeLegs } = planned;
    const box = fitBoxToBody(planned.box, cut.raster, garment.category, body);
    const fitted = await fitGarment(cut.raster, box);
    const allowed = await allowedRegion(person.mask, body, box, marginPx, bridgeLegs);
    const light = await shadingField({ data: original, width: model.width, height: model.height }, box, Math.max(1, 0.004 * body.height));
    signal.throwIfAborted();

    // Mean luminance of the body under the garment: the shading is relative to it.
    let sum = 0;
    let count = 0;
    for (let y = 0; y < box.height; y++) {
      const sy = box.top + y;
      if (sy < 0 || sy >= model.height) continue;
      for (let x = 0; x < box.width; x++) {
        const sx = box.left + x;
        const p = y * box.width + x;
        if (sx < 0 || sx >= model.width || fitted.data[p * 4 + 3]! < 128 || person.mask.data[sy * model.width + sx]! < 128) continue;
        sum += light[p]!;
        count++;
      }
    }
    const meanLight = count > 0 ? sum / count : 128;

    for (let y = 0; y < box.height; y++) {
      const sy = box.top + y;
      if (sy < 0 || sy >= model.height) continue;
      for (let x = 0; x < box.width; x++) {
        const sx = box.left + x;
        if (sx < 0 || sx >= model.width) continue;
        const p = y * box.width + x;
        const alpha = (fitted.data[p * 4 + 3]! / 255) * (allowed.data[p]! / 255);
        if (alpha <= 0) continue;
        const onBody = person.mask.data[sy * model.width + sx]! / 255;
        const relative = meanLight > 0 ? light[p]! / meanLight : 1;
        const shade = 1 + onBody * (Math.min(SHADE_MAX, Math.max(SHADE_MIN, 1 + SHADING_STRENGTH * (relative - 1))) - 1);
        const o = (sy * model.width + sx) * 4;
        for (let c = 0; c < 3; c++) {
          const g = Math.min(255, fitted.data[p * 4 + c]! * shade);
          out[o + c] = Math.round(out[o + c]! * (1 - alpha) + g * alpha);
        }
        // A cut-out model (transparent backdrop) becomes opaque where the garment lies.
        out[o + 3] = Math.max(out[o + 3]!, Math.round(alpha * 255));
      }
    }
    placed.push({ asset_id: garment.assetId, category: garment.category, box: { ...box }, cutout: cut.method });
  }

  report('generatingResult', 90);
  // PNG stays PNG (and keeps a cut-out model's transparency); photos come back as JPEG.
  const format: ImageFormat = formatOfMime(inputs.model.mime) === 'png' ? 'png' : 'jpeg';
  const path = join(workDir, `tryon-result.${FORMAT_EXTENSION[format]}`);
  await encode(sharp(out, { raw: { width: model.width, height: model.height, channels: 4 } }), format).toFile(path);
  signal.throwIfAborted();
  report('generatingResult', 100);

  const landmarks: Json = {
    head_top: body.top,
    shoulders: body.shoulderY,
    waist: body.waistY,
    hips: body.hipY,
    crotch: body.crotchY,
    knees: body.kneeY,
    ankles: body.ankleY,
    centre_x: Math.round(body.centreX),
    shoulder_width: body.shoulderWidth,
    hip_width: body.hipWidth,
    measured: { ...body.measured },
  };
  return {
    outputs: [{ path, ...imageFile(format), kind: 'image', roles: ['image', 'model'], name: `tryon-result.${FORMAT_EXTENSION[format]}` }],
    metadata: {
      engine: 'local',
      method: 'garment cut-out, silhouette landmarks, placement by category, shading from the model photo',
      person: { cutout: person.method, landmarks },
      garments: placed,
      notes: [
        'Local engine: garments are cut from their background and placed flat onto the body region of their category, clipped to the silhouette and shaded by the photo; it does not re-pose sleeves or re-drape fabric.',
        ...(request.params.prompt ? ['The prompt is recorded but not used by the local engine.'] : []),
      ],
    },
  };
}
