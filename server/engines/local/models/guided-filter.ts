/**
 * The guided filter (He, Sun and Tang): refines a coarse mask so its edges follow the edges of
 * the photo it was computed for. A person mask from a 256-pixel model, stretched to 2 MP, has a
 * band of backdrop around hair and shoulders; filtered with the full-size photo as the guide, the
 * band shrinks to the photo's own edge. Plain typed arrays, O(pixels) per box filter.
 */

/** The mean over a (2r+1)² box at every pixel (clamped at the borders), by running sums. */
export function boxMean(src: Float32Array, width: number, height: number, r: number): Float32Array {
  const tmp = new Float32Array(width * height);
  const out = new Float32Array(width * height);
  // Rows.
  for (let y = 0; y < height; y++) {
    const row = y * width;
    let sum = 0;
    for (let x = -r; x <= r; x++) sum += src[row + Math.min(width - 1, Math.max(0, x))]!;
    for (let x = 0; x < width; x++) {
      tmp[row + x] = sum;
      sum += src[row + Math.min(width - 1, x + r + 1)]! - src[row + Math.max(0, x - r)]!;
    }
  }
  // Columns.
  const n = (2 * r + 1) * (2 * r + 1);
  for (let x = 0; x < width; x++) {
    let sum = 0;
    for (let y = -r; y <= r; y++) sum += tmp[Math.min(height - 1, Math.max(0, y)) * width + x]!;
    for (let y = 0; y < height; y++) {
      out[y * width + x] = sum / n;
      sum += tmp[Math.min(height - 1, y + r + 1) * width + x]! - tmp[Math.max(0, y - r) * width + x]!;
    }
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
