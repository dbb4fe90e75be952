/**
 * The try-on's mesh warp: a garment piece is covered by a grid of small cells, each cell's
 * corners are sent onto the body by the fit's mapping, and each cell's two triangles are drawn
 * with the affine map between their corners (a piecewise-affine warp), sampling the garment
 * bilinearly in premultiplied alpha so edges stay clean. Plain typed arrays, no resampling
 * library: a bent arm or a tilted hip line is followed cell by cell, not by one box.
 */
import type { Point } from './tryon-body.ts';
import type { Raster } from './pixels.ts';

/** Garment pixel coordinates (continuous, pixel centres at +0.5) → photo pixel coordinates. */
export type Mapping = (x: number, y: number) => Point;

/** A part of a garment drawn with one mapping: its pixels premultiplied, the rest transparent. */
export interface Piece {
  data: Uint8Array;
  width: number;
  height: number;
  map: Mapping;
}

/** A premultiplied RGBA float layer over a box of the photo. */
export interface Layer {
  data: Float32Array;
  left: number;
  top: number;
  width: number;
  height: number;
}

/** The garment's pixels that `keep` accepts, premultiplied; null when none are opaque. */
export function pieceOf(raster: Raster, keep: (x: number, y: number) => boolean, map: Mapping): Piece | null {
  const { width, height } = raster;
  const data = new Uint8Array(width * height * 4);
  let any = false;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 4;
      const a = raster.data[i + 3]!;
      if (a === 0 || !keep(x, y)) continue;
      any ||= a >= 128;
      data[i] = Math.round((raster.data[i]! * a) / 255);
      data[i + 1] = Math.round((raster.data[i + 1]! * a) / 255);
      data[i + 2] = Math.round((raster.data[i + 2]! * a) / 255);
      data[i + 3] = a;
    }
  }
  return any ? { data, width, height, map } : null;
}

interface Grid {
  piece: Piece;
  cols: number;
  rows: number;
  /** Garment coordinates of the vertices, then their photo coordinates. */
  gx: Float32Array;
  gy: Float32Array;
  ox: Float32Array;
  oy: Float32Array;
  /** Cells with any garment pixel. */
  used: Uint8Array;
}

function grid(piece: Piece, cell: number): Grid {
  const { width, height, data } = piece;
  const cols = Math.max(1, Math.ceil(width / cell));
  const rows = Math.max(1, Math.ceil(height / cell));
  const gx = new Float32Array((cols + 1) * (rows + 1));
  const gy = new Float32Array(gx.length);
  const ox = new Float32Array(gx.length);
  const oy = new Float32Array(gx.length);
  for (let j = 0; j <= rows; j++) {
    for (let i = 0; i <= cols; i++) {
      const v = j * (cols + 1) + i;
      gx[v] = (i * width) / cols;
      gy[v] = (j * height) / rows;
      const o = piece.map(gx[v]!, gy[v]!);
      ox[v] = o.x;
      oy[v] = o.y;
    }
  }
  const used = new Uint8Array(cols * rows);
  for (let y = 0; y < height; y++) {
    const j = Math.min(rows - 1, Math.floor((y * rows) / height));
    for (let x = 0; x < width; x++) {
      if (data[(y * width + x) * 4 + 3] === 0) continue;
      // A pixel samples its neighbours too: mark the cells around it.
      const i = Math.min(cols - 1, Math.floor((x * cols) / width));
      for (let dj = -1; dj <= 1; dj++)
        for (let di = -1; di <= 1; di++) {
          const jj = j + dj;
          const ii = i + di;
          if (jj >= 0 && jj < rows && ii >= 0 && ii < cols) used[jj * cols + ii] = 1;
        }
    }
  }
  return { piece, cols, rows, gx, gy, ox, oy, used };
}

/**
 * Warps the pieces onto a layer of the photo (`width`×`height`), later pieces over earlier ones.
 * `cell` is the grid's cell size in garment pixels. Null when nothing lands inside the photo.
 */
export function warpPieces(pieces: readonly Piece[], width: number, height: number, cell = 6): Layer | null {
  const grids = pieces.map((piece) => grid(piece, cell));
  let left = Infinity;
  let top = Infinity;
  let right = -Infinity;
  let bottom = -Infinity;
  for (const g of grids) {
    for (let v = 0; v < g.ox.length; v++) {
      left = Math.min(left, g.ox[v]!);
      right = Math.max(right, g.ox[v]!);
      top = Math.min(top, g.oy[v]!);
      bottom = Math.max(bottom, g.oy[v]!);
    }
  }
  const l = Math.max(0, Math.floor(left) - 1);
  const t = Math.max(0, Math.floor(top) - 1);
  const r = Math.min(width, Math.ceil(right) + 1);
  const b = Math.min(height, Math.ceil(bottom) + 1);
  if (r <= l || b <= t) return null;
  const layer: Layer = { data: new Float32Array((r - l) * (b - t) * 4), left: l, top: t, width: r - l, height: b - t };
  const stamp = new Int32Array(layer.width * layer.height);
  grids.forEach((g, k) => {
    for (let j = 0; j < g.rows; j++) {
      for (let i = 0; i < g.cols; i++) {
        if (!g.used[j * g.cols + i]) continue;
        const v00 = j * (g.cols + 1) + i;
        const v10 = v00 + 1;
        const v01 = v00 + g.cols + 1;
        const v11 = v01 + 1;
        triangle(g, [v00, v10, v11], layer, stamp, k + 1);
        triangle(g, [v00, v11, v01], layer, stamp, k + 1);
      }
    }
  });
  return layer;
}

/** Draws one triangle of a grid: each layer pixel inside it once per piece, "over" what is there. */
function triangle(g: Grid, [a, b, c]: [number, number, number], layer: Layer, stamp: Int32Array, mark: number): void {
  const ax = g.ox[a]!;
  const ay = g.oy[a]!;
  const bx = g.ox[b]!;
  const by = g.oy[b]!;
  const cx = g.ox[c]!;
  const cy = g.oy[c]!;
  const det = (bx - ax) * (cy - ay) - (cx - ax) * (by - ay);
  if (Math.abs(det) < 1e-9) return;
  const x0 = Math.max(layer.left, Math.floor(Math.min(ax, bx, cx)));
  const x1 = Math.min(layer.left + layer.width - 1, Math.ceil(Math.max(ax, bx, cx)));
  const y0 = Math.max(layer.top, Math.floor(Math.min(ay, by, cy)));
  const y1 = Math.min(layer.top + layer.height - 1, Math.ceil(Math.max(ay, by, cy)));
  const { piece } = g;
  const { width: sw, height: sh, data: src } = piece;
  const eps = -1e-5;
  for (let y = y0; y <= y1; y++) {
    const py = y + 0.5;
    for (let x = x0; x <= x1; x++) {
      const px = x + 0.5;
      const l1 = ((px - ax) * (cy - ay) - (cx - ax) * (py - ay)) / det;
      const l2 = ((bx - ax) * (py - ay) - (px - ax) * (by - ay)) / det;
      const l0 = 1 - l1 - l2;
      if (l0 < eps || l1 < eps || l2 < eps) continue;
      const q = (y - layer.top) * layer.width + (x - layer.left);
      if (stamp[q] === mark) continue;
      stamp[q] = mark;
      // Bilinear sample of the premultiplied garment at the mapped point.
      const fx = l0 * g.gx[a]! + l1 * g.gx[b]! + l2 * g.gx[c]! - 0.5;
      const fy = l0 * g.gy[a]! + l1 * g.gy[b]! + l2 * g.gy[c]! - 0.5;
      const xi = Math.floor(fx);
      const yi = Math.floor(fy);
      const tx = fx - xi;
      const ty = fy - yi;
      let s0 = 0;
      let s1 = 0;
      let s2 = 0;
      let s3 = 0;
      for (let dy = 0; dy <= 1; dy++) {
        const yy = yi + dy;
        if (yy < 0 || yy >= sh) continue;
        const wy = dy === 0 ? 1 - ty : ty;
        for (let dx = 0; dx <= 1; dx++) {
          const xx = xi + dx;
          if (xx < 0 || xx >= sw) continue;
          const w = wy * (dx === 0 ? 1 - tx : tx);
          const i = (yy * sw + xx) * 4;
          s0 += w * src[i]!;
          s1 += w * src[i + 1]!;
          s2 += w * src[i + 2]!;
          s3 += w * src[i + 3]!;
        }
      }
      if (s3 <= 0) continue;
      const o = q * 4;
      const keep = 1 - s3 / 255;
      layer.data[o] = s0 + layer.data[o]! * keep;
      layer.data[o + 1] = s1 + layer.data[o + 1]! * keep;
      layer.data[o + 2] = s2 + layer.data[o + 2]! * keep;
      layer.data[o + 3] = s3 + layer.data[o + 3]! * keep;
    }
  }
}
