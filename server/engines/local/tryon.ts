/**
 * Virtual try-on, locally, fitted to the detected pose: the model photo's body is read by the
 * model runtime (MoveNet's joints and the person mask, ./tryon-body.ts; a photo that is not
 * full-body is refused), each garment is cut from its plain backdrop (./tryon-garment.ts; a busy
 * backdrop is refused), fitted per category to the shoulders, hips, knees and ankles
 * (./tryon-fit.ts) and warped cell by cell onto the body (./tryon-warp.ts). It is drawn opaque
 * (its own cut-out alpha), shaded by the model photo's light, with the arms put back in front of
 * it and its sleeves drawn over the arms. Garments are layered bottoms, dresses, tops, outerwear.
 *
 * It is a 2D fit, not a generative one: the fabric keeps its flat folds (it is not re-draped),
 * and hair falling over the shoulders ends up under the garment. The result's metadata says so.
 */
import { join } from 'node:path';
import sharp from 'sharp';
import type { GarmentCategory } from '../../../src/contract/generation-params.ts';
import { localEnginePlan } from '../../../src/contract/local-engine-plan.ts';
import type { Json } from '../../db/schema.ts';
import { EngineError, type EngineRequest, type EngineResult } from '../types.ts';
import { modelRuntime } from './models/client.ts';
import { modelsRan } from './models/facts.ts';
import type { Mask, RgbImage } from './models/types.ts';
import { encode, FORMAT_EXTENSION, formatOfMime, imageFile, readRaster, rgbOf, solidPart, type ImageFormat } from './pixels.ts';
import { armOcclusion, bodyFrame, missingJoints, type BodyFrame } from './tryon-body.ts';
import { fitGarment } from './tryon-fit.ts';
import { cutOutGarment } from './tryon-garment.ts';
import { warpPieces, type Layer } from './tryon-warp.ts';

/** A point of the photo, rounded, for the metadata. */
const point = (p: { x: number; y: number }) => ({ x: Math.round(p.x), y: Math.round(p.y) });

/** Layering order: what is worn underneath first. */
const LAYER_ORDER: readonly GarmentCategory[] = ['bottoms', 'dresses', 'tops', 'outerwear'];

/** A person must cover at least this fraction of the photo (the person mask's solid part). */
const MIN_PERSON_COVERAGE = 0.02;

/**
 * How the model's light shapes a garment: its luminance (blurred: light and folds, not the
 * texture of the clothes it wore) relative to its mean under the garment, by this strength,
 * limited so a dark belt or a shadowed seam cannot blacken or bleach the garment.
 */
const SHADING_STRENGTH = 0.7;
const SHADE_MIN = 0.72;
const SHADE_MAX = 1.15;

/** The photo's luminance, blurred by `sigma` px. */
async function lightField(rgb: RgbImage, sigma: number): Promise<Uint8Array> {
  const { data } = await sharp(rgb.data, { raw: { width: rgb.width, height: rgb.height, channels: 3 } })
    .greyscale()
    .blur(Math.max(0.5, sigma))
    .extractChannel(0)
    .raw()
    .toBuffer({ resolveWithObject: true });
  return new Uint8Array(data.buffer, data.byteOffset, data.length);
}

/**
 * Draws a warped layer onto the photo: its own alpha (opaque inside the cut), its colour times
 * the body's relative light where the person mask says it lies on the body. The light is taken
 * relative to its mean along each row of the layer (smoothed over `rowSpan` rows): the body's
 * roundness, folds and shadows across it shape the garment, while a change of the clothes under
 * it from one height to another (a dress's hem above bare shins) does not print a band on it.
 */
function composite(out: Buffer, width: number, layer: Layer, light: Uint8Array, person: Mask, rowSpan: number): void {
  const sums = new Float64Array(layer.height);
  const counts = new Float64Array(layer.height);
  for (let y = 0; y < layer.height; y++) {
    for (let x = 0; x < layer.width; x++) {
      const q = (y + layer.top) * width + x + layer.left;
      if (layer.data[(y * layer.width + x) * 4 + 3]! < 128 || person.data[q]! < 128) continue;
      sums[y] = sums[y]! + light[q]!;
      counts[y] = counts[y]! + 1;
    }
  }
  const span = Math.max(1, Math.round(rowSpan));
  const means = new Float64Array(layer.height);
  for (let y = 0; y < layer.height; y++) {
    let sum = 0;
    let count = 0;
    for (let r = Math.max(0, y - span); r <= Math.min(layer.height - 1, y + span); r++) {
      sum += sums[r]!;
      count += counts[r]!;
    }
    means[y] = count > 0 ? sum / count : 0;
  }
  for (let y = 0; y < layer.height; y++) {
    const mean = means[y]!;
    for (let x = 0; x < layer.width; x++) {
      const l = (y * layer.width + x) * 4;
      const a = Math.min(255, layer.data[l + 3]!) / 255;
      if (a <= 0) continue;
      const q = (y + layer.top) * width + x + layer.left;
      const relative = mean > 0 ? light[q]! / mean : 1;
      const shade = 1 + (person.data[q]! / 255) * (Math.min(SHADE_MAX, Math.max(SHADE_MIN, 1 + SHADING_STRENGTH * (relative - 1))) - 1);
      const o = q * 4;
      for (let c = 0; c < 3; c++) {
        // Premultiplied: the garment's own colour is layer / alpha.
        const g = Math.min(255, (layer.data[l + c]! / a) * shade);
        out[o + c] = Math.round(g * a + out[o + c]! * (1 - a));
      }
      // A cut-out model (transparent backdrop) becomes opaque where the garment lies.
      out[o + 3] = Math.max(out[o + 3]!, Math.round(a * 255));
    }
  }
}

/**
 * Closes the gap between two trouser legs where the body fills it (legs standing together, or
 * the skirt the model wore): a see-through run of a row no wider than `maxGap`, with garment on
 * both sides and the person mask solid under it, is filled from its two sides, darker towards
 * its middle (the crease where the inner legs meet). Elsewhere the gap stays open and shows what is behind the legs.
 */
function closeLegGap(layer: Layer, width: number, person: Mask, fromRow: number, maxGap: number): void {
  const { data } = layer;
  const opaque = (x: number, y: number) => data[(y * layer.width + x) * 4 + 3]! >= 250;
  for (let y = Math.max(0, Math.round(fromRow - layer.top)); y < layer.height; y++) {
    let x = 0;
    while (x < layer.width) {
      if (opaque(x, y) || x === 0 || !opaque(x - 1, y)) {
        x++;
        continue;
      }
      let end = x;
      while (end < layer.width && !opaque(end, y)) end++;
      const gap = end - x;
      const solid = () => {
        for (let g = x; g < end; g++) if (person.data[(y + layer.top) * width + g + layer.left]! < 128) return false;
        return true;
      };
      if (end < layer.width && gap <= maxGap && solid()) {
        // The legs' own colours two pixels in from their edges (premultiplied: divided by alpha).
        const from = (y * layer.width + Math.max(0, x - 2)) * 4;
        const to = (y * layer.width + Math.min(layer.width - 1, end + 1)) * 4;
        const fromAlpha = Math.max(1, data[from + 3]!) / 255;
        const toAlpha = Math.max(1, data[to + 3]!) / 255;
        for (let g = x; g < end; g++) {
          const t = (g - x + 1) / (gap + 1);
          const o = (y * layer.width + g) * 4;
          const a = data[o + 3]! / 255;
          // Darkest down the middle: the crease where the inner legs meet.
          const shadow = 0.9 - 0.25 * (1 - Math.abs(2 * t - 1)) ** 2;
          for (let c = 0; c < 3; c++) {
            const fill = shadow * ((data[from + c]! / fromAlpha) * (1 - t) + (data[to + c]! / toAlpha) * t);
            data[o + c] = data[o + c]! + fill * (1 - a);
          }
          data[o + 3] = 255;
        }
      }
      x = end;
    }
  }
}

/** How dark a garment's soft shadow on the body just outside it is, at most. */
const SHADOW_STRENGTH = 0.3;

/**
 * The garment's soft shadow on the body around it (a hem over a skirt, a sleeve over an arm):
 * its alpha blurred by `sigma` and dropped by as much, darkening the photo where the person mask
 * is (not the arms and hands in front of it), before the garment is drawn over its own area.
 */
async function castShadow(out: Buffer, width: number, height: number, layer: Layer, person: Mask, arms: Mask, sigma: number): Promise<void> {
  const pad = Math.ceil(3 * sigma);
  const w = layer.width + 2 * pad;
  const h = layer.height + 2 * pad;
  const alpha = new Uint8Array(w * h);
  for (let y = 0; y < layer.height; y++)
    for (let x = 0; x < layer.width; x++) alpha[(y + pad) * w + x + pad] = Math.min(255, layer.data[(y * layer.width + x) * 4 + 3]!);
  const blurred = await sharp(alpha, { raw: { width: w, height: h, channels: 1 } })
    .blur(Math.max(0.5, sigma))
    .extractChannel(0)
    .raw()
    .toBuffer();
  const drop = Math.round(sigma);
  for (let y = 0; y < h; y++) {
    const py = layer.top - pad + y + drop;
    if (py < 0 || py >= height) continue;
    for (let x = 0; x < w; x++) {
      const px = layer.left - pad + x;
      if (px < 0 || px >= width) continue;
      const q = py * width + px;
      const dark = SHADOW_STRENGTH * (blurred[y * w + x]! / 255) * (person.data[q]! / 255) * (1 - arms.data[q]! / 255);
      if (dark <= 0) continue;
      for (let c = 0; c < 3; c++) out[q * 4 + c] = Math.round(out[q * 4 + c]! * (1 - dark));
    }
  }
}

/** Puts the arms back in front of what was drawn since `before`. */
function restoreArms(out: Buffer, before: Buffer, arms: Mask): void {
  for (let q = 0; q < arms.data.length; q++) {
    const m = arms.data[q]!;
    if (m === 0) continue;
    const a = m / 255;
    for (let c = 0; c < 4; c++) out[q * 4 + c] = Math.round(before[q * 4 + c]! * a + out[q * 4 + c]! * (1 - a));
  }
}

/**
 * Reads the body of the model photo.
 * @throws EngineError personNotFound when no person stands out, modelNotFullBody when the photo does not show the whole body
 */
async function readBody(rgb: RgbImage, signal: AbortSignal): Promise<{ body: BodyFrame; person: Mask }> {
  const models = modelRuntime();
  const pose = await models.pose(rgb, { signal });
  const person = await models.personMask(rgb, { signal });
  if (solidPart(person).share < MIN_PERSON_COVERAGE) throw new EngineError('personNotFound');
  if (!pose || missingJoints(pose, rgb.width, rgb.height).length > 0) throw new EngineError('modelNotFullBody');
  return { body: bodyFrame(pose, person), person };
}

export async function runTryOn(request: EngineRequest<'virtual-tryon'>): Promise<EngineResult> {
  const { inputs, report, signal, workDir } = request;
  report('analyzingPose', 5);
  const model = await readRaster(inputs.model.path);
  const { width, height } = model;
  const rgb = rgbOf(model);
  const { body, person } = await readBody(rgb, signal);
  report('analyzingPose', 15);
  const light = await lightField(rgb, 0.012 * body.bodyHeight);
  const rowSpan = 0.02 * body.bodyHeight;
  const shadowSigma = Math.max(1, 0.006 * body.bodyHeight);
  signal.throwIfAborted();
  report('analyzingPose', 20);

  // Layer order, keeping the given order within a category.
  const garments = inputs.garments
    .map((garment, index) => ({ garment, index }))
    .toSorted((a, b) => LAYER_ORDER.indexOf(a.garment.category) - LAYER_ORDER.indexOf(b.garment.category) || a.index - b.index);
  const placed: Json[] = [];
  let usedAddon = false;
  const out = model.data;
  for (const [k, { garment }] of garments.entries()) {
    report('processingGarment', Math.round(20 + (65 * k) / garments.length));
    const cut = await cutOutGarment(garment.path, { models: modelRuntime(), signal });
    if (cut.method === 'isnet') usedAddon = true;
    signal.throwIfAborted();
    const fit = await fitGarment(cut.raster, garment.category, body);
    if (!fit) throw new EngineError('garmentNotFound');
    const before = Buffer.from(out);
    const under = warpPieces(fit.under, width, height);
    if (under && fit.legsFrom !== null) closeLegGap(under, width, person, fit.legsFrom, 0.05 * body.bodyHeight);
    const arms = armOcclusion(body, person, fit.sleeveReach);
    if (under) await castShadow(out, width, height, under, person, arms, shadowSigma);
    if (under) composite(out, width, under, light, person, rowSpan);
    restoreArms(out, before, arms);
    const over = warpPieces(fit.over, width, height);
    if (over) await castShadow(out, width, height, over, person, arms, shadowSigma);
    if (over) composite(out, width, over, light, person, rowSpan);
    signal.throwIfAborted();
    const box = [under, over].filter((layer): layer is Layer => layer !== null);
    placed.push({
      asset_id: garment.assetId,
      category: garment.category,
      cutout: cut.method,
      box: box.length
        ? {
            left: Math.min(...box.map((b) => b.left)),
            top: Math.min(...box.map((b) => b.top)),
            right: Math.max(...box.map((b) => b.left + b.width)),
            bottom: Math.max(...box.map((b) => b.top + b.height)),
          }
        : null,
      top: point(fit.top),
      hem: point(fit.hem),
      posed: fit.posed,
    });
  }

  report('generatingResult', 90);
  // PNG stays PNG (and keeps a cut-out model's transparency); photos come back as JPEG.
  const format: ImageFormat = formatOfMime(inputs.model.mime) === 'png' ? 'png' : 'jpeg';
  const path = join(workDir, `tryon-result.${FORMAT_EXTENSION[format]}`);
  await encode(sharp(out, { raw: { width, height, channels: 4 } }), format).toFile(path);
  signal.throwIfAborted();
  report('generatingResult', 100);

  const ran = modelsRan(usedAddon ? ['pose', 'person', 'isnet'] : ['pose', 'person']);
  const plan = localEnginePlan({
    feature: 'virtual-tryon',
    inputs: { model: inputs.model.assetId, garments: inputs.garments.map((g) => ({ asset_id: g.assetId, category: g.category })) },
    params: request.params,
  });
  return {
    outputs: [{ path, ...imageFile(format), kind: 'image', roles: ['image', 'model'], name: `tryon-result.${FORMAT_EXTENSION[format]}` }],
    plan: { done: [...plan.done, ran.item], not_done: plan.not_done },
    metadata: {
      engine: 'local',
      method:
        'pose keypoints and person mask, garment cut-out, mesh warp per category to the shoulders, hips, knees and ankles, shading from the model photo, arms kept in front',
      models: ran.labels,
      person: {
        shoulders: [point(body.arms.left.joints[0]), point(body.arms.right.joints[0])],
        hips: [point(body.legs.left.joints[0]), point(body.legs.right.joints[0])],
        knees: [point(body.legs.left.joints[1]), point(body.legs.right.joints[1])],
        ankles: [point(body.legs.left.joints[2]), point(body.legs.right.joints[2])],
      },
      garments: placed,
      notes: [
        'Local engine: garments are cut from their background and warped onto the detected pose (sleeves follow the arms, trouser legs the legs), opaque, shaded by the photo and kept behind the arms; the fabric is not re-draped and hair over the shoulders ends up under the garment.',
        ...(request.params.prompt ? ['The prompt is recorded but not used by the local engine.'] : []),
      ],
    },
  };
}
