/**
 * The mask as pixels: one byte per photo pixel, 0 (unpainted) to 255 (painted), in pure
 * TypeScript. It is the single renderer of the editor: the on-screen overlay is this buffer tinted
 * (overlay.ts) and the exported PNG is this buffer as grey levels (png.ts), so what is shown is
 * exactly what is sent, and both are testable without a canvas (happy-dom has none).
 *
 * A stroke is a polyline with round caps and joins whose width may change from point to point
 * (pen pressure): each segment covers the pixels whose centre lies within the radius
 * (interpolated along the segment) of it, with a one-pixel anti-aliased edge. The brush raises
 * a pixel to its coverage (max), the eraser lowers it to the complement (min). Both are
 * idempotent, so the overlapping ends of a stroke's segments do not build up, and replaying the
 * same strokes always gives the same bytes.
 */
import { pointWidth, strokeBounds, type Stroke } from './mask-model.ts';

/** A rectangle of whole pixels: [x, x + width) × [y, y + height). */
export interface PixelRect {
  x: number;
  y: number;
  width: number;
  height: number;
}

const FULL = 255;
/** Painted pixels are those at least half covered, as the server counts them. */
const PAINTED_LEVEL = 128;

export class MaskRaster {
  readonly width: number;
  readonly height: number;
  readonly data: Uint8ClampedArray;

  constructor(width: number, height: number) {
    this.width = Math.max(1, Math.round(width));
    this.height = Math.max(1, Math.round(height));
    this.data = new Uint8ClampedArray(this.width * this.height);
  }

  get bounds(): PixelRect {
    return { x: 0, y: 0, width: this.width, height: this.height };
  }

  /** Unpaints `clip` (the whole mask by default). */
  clear(clip: PixelRect = this.bounds): void {
    const rect = intersect(clip, this.bounds);
    if (!rect) return;
    for (let y = rect.y; y < rect.y + rect.height; y++) this.data.fill(0, y * this.width + rect.x, y * this.width + rect.x + rect.width);
  }

  /**
   * Paints the segment ending at `stroke.points[index]` (the first point alone is a dot), within
   * `clip`. Returns the pixels it may have changed, or null when none.
   */
  paintSegment(stroke: Stroke, index: number, clip: PixelRect = this.bounds): PixelRect | null {
    const end = stroke.points[index];
    if (!end) return null;
    const start = index > 0 ? stroke.points[index - 1]! : end;
    const r0 = pointWidth(stroke, start) / 2;
    const r1 = pointWidth(stroke, end) / 2;
    // Half a pixel beyond the radius is the anti-aliased edge.
    const reach = Math.max(r0, r1) + 0.5;
    const rect = intersect(
      pixelRect(Math.min(start.x, end.x) - reach, Math.min(start.y, end.y) - reach, Math.max(start.x, end.x) + reach, Math.max(start.y, end.y) + reach),
      intersect(clip, this.bounds),
    );
    if (!rect) return null;

    const dx = end.x - start.x;
    const dy = end.y - start.y;
    const lengthSquared = dx * dx + dy * dy;
    const brush = stroke.tool === 'brush';
    const { data, width } = this;
    for (let py = rect.y; py < rect.y + rect.height; py++) {
      const cy = py + 0.5;
      let offset = py * width + rect.x;
      for (let px = rect.x; px < rect.x + rect.width; px++, offset++) {
        const current = data[offset]!;
        // Already as painted (or erased) as this tool can make it: most of a stroke's pixels,
        // as consecutive segments overlap.
        if (brush ? current === FULL : current === 0) continue;
        const cx = px + 0.5;
        // Nearest point of the segment to the pixel's centre, as a fraction t along it.
        let t = lengthSquared > 0 ? ((cx - start.x) * dx + (cy - start.y) * dy) / lengthSquared : 0;
        t = t < 0 ? 0 : t > 1 ? 1 : t;
        const ex = cx - (start.x + t * dx);
        const ey = cy - (start.y + t * dy);
        const outer = r0 + t * (r1 - r0) + 0.5;
        const distanceSquared = ex * ex + ey * ey;
        // Math.sqrt only for pixels within reach: most of the box is outside a thin segment.
        if (distanceSquared >= outer * outer) continue;
        const edge = outer - Math.sqrt(distanceSquared);
        const level = edge >= 1 ? FULL : Math.round(edge * FULL);
        if (brush) {
          if (level > current) data[offset] = level;
        } else if (FULL - level < current) data[offset] = FULL - level;
      }
    }
    return rect;
  }

  /** Paints a whole stroke within `clip`; returns the pixels it may have changed. */
  paintStroke(stroke: Stroke, clip: PixelRect = this.bounds): PixelRect | null {
    let changed: PixelRect | null = null;
    for (let i = 0; i < stroke.points.length; i++) changed = union(changed, this.paintSegment(stroke, i, clip));
    return changed;
  }

  /**
   * Repaints `clip` from scratch: the loaded mask `base` (one byte a pixel, the raster's size), or
   * nothing, then the strokes, in order (after an undo, a redo of a load or a cancelled stroke).
   */
  replay(strokes: readonly Stroke[], clip: PixelRect = this.bounds, base: Uint8ClampedArray | null = null): void {
    const rect = intersect(clip, this.bounds);
    if (!rect) return;
    this.clear(rect);
    if (base) {
      for (let y = rect.y; y < rect.y + rect.height; y++) {
        const start = y * this.width + rect.x;
        this.data.set(base.subarray(start, start + rect.width), start);
      }
    }
    for (const stroke of strokes) {
      if (intersect(strokePixelRect(stroke), rect)) this.paintStroke(stroke, rect);
    }
  }

  /** Share of the photo's pixels that are painted (at least half covered). */
  coverage(): number {
    const { data } = this;
    let painted = 0;
    // An indexed loop: several times faster than an iterator over a 4-megapixel mask.
    for (let i = 0; i < data.length; i++) if (data[i]! >= PAINTED_LEVEL) painted++;
    return painted / data.length;
  }
}

/** The pixels a stroke may touch. */
export function strokePixelRect(stroke: Stroke): PixelRect {
  const b = strokeBounds(stroke);
  // Half a pixel of anti-aliased edge beyond the stroke's width.
  return pixelRect(b.left - 0.5, b.top - 0.5, b.right + 0.5, b.bottom + 0.5);
}

/** The whole pixels touched by the continuous box [left, right] × [top, bottom]. */
function pixelRect(left: number, top: number, right: number, bottom: number): PixelRect {
  const x = Math.floor(left);
  const y = Math.floor(top);
  return { x, y, width: Math.ceil(right) - x, height: Math.ceil(bottom) - y };
}

export function intersect(a: PixelRect, b: PixelRect | null): PixelRect | null {
  if (!b) return null;
  const x = Math.max(a.x, b.x);
  const y = Math.max(a.y, b.y);
  const right = Math.min(a.x + a.width, b.x + b.width);
  const bottom = Math.min(a.y + a.height, b.y + b.height);
  return right > x && bottom > y ? { x, y, width: right - x, height: bottom - y } : null;
}

export function union(a: PixelRect | null, b: PixelRect | null): PixelRect | null {
  if (!a) return b;
  if (!b) return a;
  const x = Math.min(a.x, b.x);
  const y = Math.min(a.y, b.y);
  return { x, y, width: Math.max(a.x + a.width, b.x + b.width) - x, height: Math.max(a.y + a.height, b.y + b.height) - y };
}
