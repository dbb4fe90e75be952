/**
 * The guided filter (He, Sun and Tang): refines a coarse mask so its edges follow the edges of
 * the photo it was computed for. A person mask from a 256-pixel model, stretched to 2 MP, has a
 * band of backdrop around hair and shoulders some 30 pixels wide; `refineMask` narrows it to the
 * photo's own edge (docs/product-rules.md#image-editing has the measures). Plain typed arrays,
 * O(pixels) per box filter.
 */

/** The mean over a (2r+1)² box at every pixel (clamped at the borders), by running sums, row by row. */
export function boxMean(src: Float32Array, width: number, height: number, r: number): Float32Array {
  const out = new Float32Array(width * height);
  // Columns: a running sum per column, moved down one row at a time (memory read in order).
  const columns = new Float64Array(width);
  for (let y = -r; y <= r; y++) {
    const row = Math.min(height - 1, Math.max(0, y)) * width;
    for (let x = 0; x < width; x++) columns[x]! += src[row + x]!;
  }
  const n = (2 * r + 1) * (2 * r + 1);
  const line = new Float64Array(width + 2 * r + 1);
  for (let y = 0; y < height; y++) {
    // Rows: the column sums, padded by their edge values, summed over 2r + 1.
    for (let x = 0; x < r; x++) line[x] = columns[0]!;
    for (let x = 0; x < width; x++) line[r + x] = columns[x]!;
    for (let x = 0; x <= r; x++) line[r + width + x] = columns[width - 1]!;
    let sum = 0;
    for (let x = 0; x <= 2 * r; x++) sum += line[x]!;
    const base = y * width;
    for (let x = 0; x < width; x++) {
      out[base + x] = sum / n;
      sum += line[x + 2 * r + 1]! - line[x]!;
    }
    const add = Math.min(height - 1, y + r + 1) * width;
    const drop = Math.max(0, y - r) * width;
    for (let x = 0; x < width; x++) columns[x]! += src[add + x]! - src[drop + x]!;
  }
  return out;
}

/**
 * Filters `mask` (0–1) guided by `guide` (grey 0–1), both width × height: q = mean(a)·I + mean(b),
 * with a = cov(I, p) / (var(I) + eps) per window. `r` is the window radius in pixels, `eps` how
 * much an edge must stand out to be followed.
 */
export function guidedFilter(guide: Float32Array, mask: Float32Array, width: number, height: number, r: number, eps: number): Float32Array {
  const size = width * height;
  const ip = new Float32Array(size);
  const ii = new Float32Array(size);
  for (let i = 0; i < size; i++) {
    ip[i] = guide[i]! * mask[i]!;
    ii[i] = guide[i]! * guide[i]!;
  }
  const meanI = boxMean(guide, width, height, r);
  const meanP = boxMean(mask, width, height, r);
  const meanIp = boxMean(ip, width, height, r);
  const meanII = boxMean(ii, width, height, r);
  const a = ip; // reused
  const b = ii; // reused
  for (let i = 0; i < size; i++) {
    const covIp = meanIp[i]! - meanI[i]! * meanP[i]!;
    const varI = meanII[i]! - meanI[i]! * meanI[i]!;
    a[i] = covIp / (varI + eps);
    b[i] = meanP[i]! - a[i]! * meanI[i]!;
  }
  const meanA = boxMean(a, width, height, r);
  const meanB = boxMean(b, width, height, r);
  const out = new Float32Array(size);
  for (let i = 0; i < size; i++) out[i] = Math.min(1, Math.max(0, meanA[i]! * guide[i]! + meanB[i]!));
  return out;
}

/** Grey (0–1) of interleaved RGB. */
export function greyOf(rgb: Uint8Array, size: number): Float32Array {
  const out = new Float32Array(size);
  for (let i = 0; i < size; i++) out[i] = (0.299 * rgb[i * 3]! + 0.587 * rgb[i * 3 + 1]! + 0.114 * rgb[i * 3 + 2]!) / 255;
  return out;
}

/** The three channels (0–1) of interleaved RGB, each its own plane. */
export function planesOf(rgb: Uint8Array, size: number): [Float32Array, Float32Array, Float32Array] {
  const planes: [Float32Array, Float32Array, Float32Array] = [new Float32Array(size), new Float32Array(size), new Float32Array(size)];
  for (let i = 0; i < size; i++) {
    planes[0][i] = rgb[i * 3]! / 255;
    planes[1][i] = rgb[i * 3 + 1]! / 255;
    planes[2][i] = rgb[i * 3 + 2]! / 255;
  }
  return planes;
}

const product = (a: Float32Array, b: Float32Array): Float32Array => {
  const out = new Float32Array(a.length);
  for (let i = 0; i < a.length; i++) out[i] = a[i]! * b[i]!;
  return out;
};

/**
 * The colour guided filter's averaged coefficients (mean a per channel, mean b) for a guide of
 * three planes 0–1: a = Σ⁻¹·cov(I, p) per window, with Σ the window's 3×3 colour covariance
 * plus eps.
 */
function colourCoefficients(guide: readonly Float32Array[], mask: Float32Array, width: number, height: number, r: number, eps: number): Float32Array[] {
  const size = width * height;
  const [red, green, blue] = guide as [Float32Array, Float32Array, Float32Array];
  const box = (plane: Float32Array) => boxMean(plane, width, height, r);
  const mR = box(red);
  const mG = box(green);
  const mB = box(blue);
  const mP = box(mask);
  const mRp = box(product(red, mask));
  const mGp = box(product(green, mask));
  const mBp = box(product(blue, mask));
  const vRR = box(product(red, red));
  const vRG = box(product(red, green));
  const vRB = box(product(red, blue));
  const vGG = box(product(green, green));
  const vGB = box(product(green, blue));
  const vBB = box(product(blue, blue));
  // The coefficients are written over planes no longer needed.
  const aR = vRR;
  const aG = vRG;
  const aB = vRB;
  const b = mP;
  for (let i = 0; i < size; i++) {
    const r0 = mR[i]!;
    const g0 = mG[i]!;
    const b0 = mB[i]!;
    const p0 = mP[i]!;
    const cR = mRp[i]! - r0 * p0;
    const cG = mGp[i]! - g0 * p0;
    const cB = mBp[i]! - b0 * p0;
    const rr = vRR[i]! - r0 * r0 + eps;
    const rg = vRG[i]! - r0 * g0;
    const rb = vRB[i]! - r0 * b0;
    const gg = vGG[i]! - g0 * g0 + eps;
    const gb = vGB[i]! - g0 * b0;
    const bb = vBB[i]! - b0 * b0 + eps;
    // The inverse of the symmetric 3×3 by its cofactors.
    const i00 = gg * bb - gb * gb;
    const i01 = gb * rb - rg * bb;
    const i02 = rg * gb - gg * rb;
    const i11 = rr * bb - rb * rb;
    const i12 = rb * rg - rr * gb;
    const i22 = rr * gg - rg * rg;
    const det = rr * i00 + rg * i01 + rb * i02;
    const ar = (i00 * cR + i01 * cG + i02 * cB) / det;
    const ag = (i01 * cR + i11 * cG + i12 * cB) / det;
    const ab = (i02 * cR + i12 * cG + i22 * cB) / det;
    aR[i] = ar;
    aG[i] = ag;
    aB[i] = ab;
    b[i] = p0 - ar * r0 - ag * g0 - ab * b0;
  }
  return [box(aR), box(aG), box(aB), box(b)];
}

/** A plane shrunk by a whole factor (the mean of each factor × factor block; the last blocks may be smaller). */
export function shrinkPlane(plane: Float32Array, width: number, height: number, factor: number): { plane: Float32Array; width: number; height: number } {
  const w = Math.ceil(width / factor);
  const h = Math.ceil(height / factor);
  const sums = new Float32Array(w * h);
  const counts = new Float32Array(w * h);
  for (let y = 0; y < height; y++) {
    const row = Math.floor(y / factor) * w;
    for (let x = 0; x < width; x++) {
      const k = row + Math.floor(x / factor);
      sums[k]! += plane[y * width + x]!;
      counts[k]! += 1;
    }
  }
  for (let k = 0; k < sums.length; k++) sums[k]! /= counts[k]!;
  return { plane: sums, width: w, height: h };
}

/**
 * The guided filter with a colour guide (three planes 0–1, width × height): hair against a wall
 * of the same grey still differs in colour, which a grey guide cannot see. With `subsample` > 1
 * the coefficients are computed on the photo shrunk by that factor (window r / subsample) and
 * stretched back before they are applied to the full-size guide (the "fast guided filter": the
 * coefficients are smooth, the edges come from the full-size guide), subsample² times less work.
 */
export function guidedFilterColour(
  guide: readonly Float32Array[],
  mask: Float32Array,
  width: number,
  height: number,
  r: number,
  eps: number,
  subsample = 1,
): Float32Array {
  let coefficients: Float32Array[];
  if (subsample > 1) {
    const small = guide.map((plane) => shrinkPlane(plane, width, height, subsample));
    const { width: w, height: h } = small[0]!;
    const smallMask = shrinkPlane(mask, width, height, subsample).plane;
    coefficients = colourCoefficients(
      small.map((s) => s.plane),
      smallMask,
      w,
      h,
      Math.max(1, Math.round(r / subsample)),
      eps,
    ).map((plane) => stretchMask(plane, w, h, width, height));
  } else {
    coefficients = colourCoefficients(guide, mask, width, height, r, eps);
  }
  const [mAR, mAG, mAB, mb] = coefficients as [Float32Array, Float32Array, Float32Array, Float32Array];
  const [red, green, blue] = guide as [Float32Array, Float32Array, Float32Array];
  const out = new Float32Array(width * height);
  for (let i = 0; i < out.length; i++) out[i] = Math.min(1, Math.max(0, mAR[i]! * red[i]! + mAG[i]! * green[i]! + mAB[i]! * blue[i]! + mb[i]!));
  return out;
}

/** A coarse mask (0–1, row by row) stretched to width × height, bilinear, pixel centres aligned. */
export function stretchMask(coarse: Float32Array, coarseWidth: number, coarseHeight: number, width: number, height: number): Float32Array {
  const out = new Float32Array(width * height);
  const xs = new Int32Array(width);
  const fxs = new Float32Array(width);
  for (let x = 0; x < width; x++) {
    const sx = Math.min(coarseWidth - 1, Math.max(0, ((x + 0.5) * coarseWidth) / width - 0.5));
    xs[x] = Math.min(coarseWidth - 2, Math.floor(sx));
    fxs[x] = sx - xs[x]!;
  }
  for (let y = 0; y < height; y++) {
    const sy = Math.min(coarseHeight - 1, Math.max(0, ((y + 0.5) * coarseHeight) / height - 0.5));
    const y0 = Math.min(coarseHeight - 2, Math.floor(sy));
    const fy = sy - y0;
    const top = y0 * coarseWidth;
    const bottom = top + coarseWidth;
    for (let x = 0; x < width; x++) {
      const x0 = xs[x]!;
      const fx = fxs[x]!;
      const upper = coarse[top + x0]! + (coarse[top + x0 + 1]! - coarse[top + x0]!) * fx;
      const lower = coarse[bottom + x0]! + (coarse[bottom + x0 + 1]! - coarse[bottom + x0]!) * fx;
      out[y * width + x] = upper + (lower - upper) * fy;
    }
  }
  return out;
}

/** Steepens a mask's transition around one half by `gain` (clamped 0–1), in place. */
export function steepen(mask: Float32Array, gain: number): Float32Array {
  for (let i = 0; i < mask.length; i++) mask[i] = Math.min(1, Math.max(0, (mask[i]! - 0.5) * gain + 0.5));
  return mask;
}

/**
 * A coarse mask made fit for the full-size photo it was computed on (interleaved RGB), 0–1:
 * 1. stretched (bilinear), its transition steepened ×4 so the model's own blur does not widen it;
 * 2. two colour guided filters, each followed by a ×2 steepening: the first with a window three
 *    times the model's grain (one model pixel spans max(w, h)/coarse photo pixels), which pulls in
 *    an edge the model drew too wide (around thin arms, it overshoots by several of its pixels),
 *    the second with one grain, which puts the edge on the photo's own; both computed on the photo
 *    shrunk (the fast guided filter: the coefficients are smooth, the edge comes from the
 *    full-size guide when they are applied);
 * 3. a grey guided filter with a 2-pixel window, which narrows what is left of the band to the
 *    photo's own blur, and a last ×1.5 steepening, so the core is solid and the backdrop clear.
 * eps 1e-3 (colour units 0–1, squared): an edge is followed where it stands out by about 3% of
 * the scale. The former single grey pass with eps 1e-4 followed the weak texture of a soft photo
 * and left a band wider than the stretched mask's own (measures in docs/product-rules.md).
 */
export function refineMask(rgb: Uint8Array, width: number, height: number, coarse: Float32Array, coarseWidth: number, coarseHeight: number): Float32Array {
  const size = width * height;
  const long = Math.max(width, height);
  const grain = Math.max(2, Math.round(long / Math.max(coarseWidth, coarseHeight)));
  const guide = planesOf(rgb, size);
  let mask = steepen(stretchMask(coarse, coarseWidth, coarseHeight, width, height), 4);
  mask = steepen(guidedFilterColour(guide, mask, width, height, 3 * grain, 1e-3, Math.max(1, Math.round(long / 400))), 2);
  mask = steepen(guidedFilterColour(guide, mask, width, height, grain, 1e-3, long >= 1024 ? 2 : 1), 2);
  return steepen(guidedFilter(greyOf(rgb, size), mask, width, height, 2, 1e-3), 1.5);
}
