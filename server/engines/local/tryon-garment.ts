/**
 * A garment photo for the try-on: cut from its plain backdrop (a busy backdrop is refused: the
 * garment is never pasted with it), trimmed, and read for the parts the fit needs — its centre
 * line and body width, the armpits and sleeves of a top, the crotch and legs of trousers.
 * Measurements are in the cut-out's pixels, from its alpha (opaque at ≥ 128).
 */
import sharp from 'sharp';
import { EngineError } from '../types.ts';
import type { ModelRuntime } from './models/client.ts';
import { decontaminate, foreground, readRaster, rgbOf, solidPart, type Raster } from './pixels.ts';

/** Garment photos are cut out at this size at most (px, long side). */
const GARMENT_MAX_SIDE_PX = 1600;
/** A garment must cover at least this fraction of its photo. */
const MIN_GARMENT_COVERAGE = 0.01;

export interface CutGarment {
  raster: Raster;
  /** 'isnet': cut from a busy backdrop by the ISNet add-on (CUTOUT_ADDON=isnet). */
  method: 'alpha' | 'backdrop' | 'isnet';
}

/**
 * The garment cut from its photo and trimmed to it, its mask as alpha: from its plain backdrop,
 * or, on a busy one, by the ISNet add-on when it is on.
 * @throws EngineError garmentNotFound on a busy backdrop (without the add-on) or when nothing stands out from it
 */
export async function cutOutGarment(path: string, options: { models?: ModelRuntime; signal?: AbortSignal } = {}): Promise<CutGarment> {
  const raster = await readRaster(path, GARMENT_MAX_SIDE_PX);
  const found = foreground(raster, { minBlobFraction: 0.02 });
  const { data } = raster;
  let box = found.box;
  let method: CutGarment['method'] = found.method;
  if (found.plainBackdrop && found.box && found.coverage >= MIN_GARMENT_COVERAGE) {
    if (found.backdrop) decontaminate(raster, found.mask, found.backdrop);
    for (let p = 0; p < found.mask.data.length; p++) data[p * 4 + 3] = Math.min(data[p * 4 + 3]!, found.mask.data[p]!);
  } else if (options.models?.anySubjectCutout) {
    const mask = await options.models.objectMask(rgbOf(raster), { signal: options.signal });
    const solid = solidPart(mask);
    box = solid.box;
    if (!box || solid.share < MIN_GARMENT_COVERAGE) throw new EngineError('garmentNotFound');
    for (let p = 0; p < mask.data.length; p++) data[p * 4 + 3] = Math.min(data[p * 4 + 3]!, mask.data[p]!);
    method = 'isnet';
  } else {
    throw new EngineError('garmentNotFound');
  }
  if (!box) throw new EngineError('garmentNotFound');
  const trimmed = Buffer.alloc(box.width * box.height * 4);
  for (let y = 0; y < box.height; y++) {
    const from = ((box.top + y) * raster.width + box.left) * 4;
    data.copy(trimmed, y * box.width * 4, from, from + box.width * 4);
  }
  return { raster: { data: trimmed, width: box.width, height: box.height }, method };
}

/** The cut-out resized by `factor` (a garment is warped at about its size on the body, so sampling never skips pixels). */
export async function resizeGarment(raster: Raster, factor: number): Promise<Raster> {
  const width = Math.max(8, Math.round(raster.width * factor));
  const height = Math.max(8, Math.round(raster.height * factor));
  const { data, info } = await sharp(raster.data, { raw: { width: raster.width, height: raster.height, channels: 4 } })
    .resize(width, height, { fit: 'fill', kernel: 'lanczos3' })
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

export interface Run {
  start: number;
  end: number;
}

/** The shape of a cut-out: its opaque runs per row, and lookups over them. */
export class GarmentShape {
  readonly raster: Raster;
  readonly width: number;
  readonly height: number;
  readonly rows: Run[][];
  /** The centre line (x) the body measurements are taken around. */
  centreX: number;

  constructor(raster: Raster) {
    this.raster = raster;
    this.width = raster.width;
    this.height = raster.height;
    this.rows = [];
    let sum = 0;
    let count = 0;
    for (let y = 0; y < this.height; y++) {
      const runs: Run[] = [];
      let start = -1;
      for (let x = 0; x <= this.width; x++) {
        const inside = x < this.width && raster.data[(y * this.width + x) * 4 + 3]! >= 128;
        if (inside && start < 0) start = x;
        if (!inside && start >= 0) {
          runs.push({ start, end: x - 1 });
          start = -1;
        }
      }
      if (runs.length > 0) {
        sum += (runs[0]!.start + runs.at(-1)!.end) / 2;
        count++;
      }
      this.rows.push(runs);
    }
    this.centreX = count > 0 ? sum / count : this.width / 2;
  }

  opaque(x: number, y: number): boolean {
    const xi = Math.round(x);
    const yi = Math.round(y);
    return this.rows[yi]?.some((run) => run.start <= xi && xi <= run.end) ?? false;
  }

  /** The run of a row containing x, else the nearest one. */
  runAt(y: number, x = this.centreX): Run | undefined {
    const runs = this.rows[Math.min(this.height - 1, Math.max(0, Math.round(y)))] ?? [];
    let best: Run | undefined;
    let bestDistance = Infinity;
    for (const run of runs) {
      const distance = x < run.start ? run.start - x : x > run.end ? x - run.end : 0;
      if (distance < bestDistance) {
        best = run;
        bestDistance = distance;
      }
    }
    return best;
  }

  /** Median edges of the centre runs of rows `from`–`to` (fractions of the height). */
  band(from: number, to: number): { left: number; right: number } | null {
    const lefts: number[] = [];
    const rights: number[] = [];
    for (let y = Math.floor(from * this.height); y < Math.min(this.height, Math.ceil(to * this.height)); y++) {
      const run = this.runAt(y);
      if (!run) continue;
      lefts.push(run.start);
      rights.push(run.end);
    }
    if (lefts.length === 0) return null;
    return { left: median(lefts), right: median(rights) };
  }
}

export interface Sleeves {
  /** The torso's side edges (x) under the sleeves. */
  bodyLeft: number;
  bodyRight: number;
  /** The armpit row of each side, or null where the garment has no sleeve (or strap) there. */
  armpit: { left: number | null; right: number | null };
}

/**
 * The torso's edges in a band of rows and, going up from there, the first row where the
 * centre run reaches well past them on each side: a sleeve's armpit. `reach` is how far past
 * (a fraction of the torso's width) counts as a sleeve rather than a widening bodice.
 */
export function findSleeves(shape: GarmentShape, band: { from: number; to: number }, reach: number): Sleeves | null {
  const edges = shape.band(band.from, band.to);
  if (!edges) return null;
  const width = edges.right - edges.left;
  const armpit: Sleeves['armpit'] = { left: null, right: null };
  for (let y = Math.floor(band.from * shape.height); y >= 0; y--) {
    const run = shape.runAt(y, (edges.left + edges.right) / 2);
    if (!run) continue;
    if (armpit.left === null && run.start < edges.left - reach * width) armpit.left = y;
    if (armpit.right === null && run.end > edges.right + reach * width) armpit.right = y;
  }
  // An "armpit" in the top tenth is a collar or a shoulder, not a sleeve.
  if (armpit.left !== null && armpit.left < 0.1 * shape.height) armpit.left = null;
  if (armpit.right !== null && armpit.right < 0.1 * shape.height) armpit.right = null;
  return { bodyLeft: edges.left, bodyRight: edges.right, armpit };
}

/** Whether a pixel belongs to a sleeve: past the torso's edge, above the armpit or apart from the torso's run. */
export function inSleeve(shape: GarmentShape, sleeves: Sleeves, side: 'left' | 'right', x: number, y: number, overlap = 0): boolean {
  const pit = sleeves.armpit[side];
  if (pit === null) return false;
  const outside = side === 'left' ? x < sleeves.bodyLeft + overlap : x > sleeves.bodyRight - overlap;
  if (!outside) return false;
  if (y <= pit) return true;
  const run = shape.runAt(y, (sleeves.bodyLeft + sleeves.bodyRight) / 2);
  return !run || x < run.start - 1 || x > run.end + 1;
}

export interface Legs {
  /** The crotch row. */
  crotchY: number;
  /** Per row from the crotch down: the middle of the gap between the legs (x). */
  split: Float32Array;
  /** Per row from the crotch down: each leg's centre (x), smoothed. */
  centre: { left: Float32Array; right: Float32Array };
}

/**
 * The two legs of trousers or shorts, found from the hem up: the gap between the legs at the
 * hem is followed upwards, row by row, to where it closes (the crotch), however thin it is
 * (a flat-lay's legs often nearly touch). Null for a skirt (one run at the hem).
 */
export function findLegs(shape: GarmentShape): Legs | null {
  const { raster, width, height } = shape;
  const alpha = (x: number, y: number) => raster.data[(y * width + Math.min(width - 1, Math.max(0, x))) * 4 + 3]!;
  // The hem: the lowest rows with two runs either side of the centre line.
  let bottom = height - 1;
  while (bottom > 0.6 * height && (shape.rows[bottom]?.length ?? 0) < 2) bottom--;
  const hemRuns = shape.rows[bottom] ?? [];
  const before = widest(hemRuns.filter((run) => (run.start + run.end) / 2 < shape.centreX));
  const after = widest(hemRuns.filter((run) => (run.start + run.end) / 2 >= shape.centreX));
  if (!before || !after || after.start <= before.end) return null;
  let gap = Math.round((before.end + after.start) / 2);
  const gaps = new Float32Array(height).fill(gap);
  let crotchY = -1;
  for (let y = bottom; y >= Math.floor(0.1 * height); y--) {
    // The most see-through pixel near the gap's last position, if see-through enough.
    let best = gap;
    for (let x = gap - 3; x <= gap + 3; x++) if (alpha(x, y) < alpha(best, y)) best = x;
    if (alpha(best, y) >= 200) {
      crotchY = y + 1;
      break;
    }
    gap = best;
    gaps[y] = gap;
  }
  if (crotchY < 0 || crotchY > 0.9 * height) return null;
  const rows = height - crotchY;
  const split = new Float32Array(rows);
  const left = new Float32Array(rows);
  const right = new Float32Array(rows);
  for (let i = 0; i < rows; i++) {
    const y = crotchY + i;
    const at = y <= bottom ? gaps[y]! : gaps[bottom]!;
    split[i] = at;
    const runs = shape.rows[y] ?? [];
    // Each side's widest run is its leg (a seam or a thread in the gap is a thin run).
    const l = widest(runs.filter((run) => run.start < at));
    const r = widest(runs.filter((run) => run.end > at));
    left[i] = l ? (l.start + Math.min(l.end, at)) / 2 : i > 0 ? left[i - 1]! : at - 1;
    right[i] = r ? (Math.max(r.start, at) + r.end) / 2 : i > 0 ? right[i - 1]! : at + 1;
  }
  return { crotchY, split, centre: { left: smooth(left, 7), right: smooth(right, 7) } };
}

function widest(runs: readonly Run[]): Run | undefined {
  return runs.reduce<Run | undefined>((best, run) => (!best || run.end - run.start > best.end - best.start ? run : best), undefined);
}

function smooth(values: Float32Array, radius: number): Float32Array {
  const out = new Float32Array(values.length);
  for (let i = 0; i < values.length; i++) {
    let sum = 0;
    let count = 0;
    for (let j = Math.max(0, i - radius); j <= Math.min(values.length - 1, i + radius); j++) {
      sum += values[j]!;
      count++;
    }
    out[i] = sum / count;
  }
  return out;
}

function median(values: number[]): number {
  const sorted = values.toSorted((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}
