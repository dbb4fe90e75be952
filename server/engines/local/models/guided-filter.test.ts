/**
 * The mask refinement on a drawn photo whose true edge is known: a dark disc on a textured light
 * backdrop, with a coarse mask drawn as a 256-pixel model draws it (too wide, soft).
 */
import { describe, expect, it } from 'vitest';
import { boxMean, refineMask, stretchMask } from './guided-filter.ts';

/** A repeatable pseudo-random sequence (mulberry32). */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const W = 900;
const H = 700;
const CX = 450;
const CY = 350;
const RADIUS = 220;
/** How far past the disc the model's mask reaches, in its own pixels (one spans 3.5 photo pixels here). */
const OVERSHOOT = 1.5;

/** The photo: a dark disc (hair-like colour, noisy) on a light wall with texture, its edge one pixel soft. */
function photo(): Uint8Array {
  const next = random(7);
  const rgb = new Uint8Array(W * H * 3);
  for (let y = 0; y < H; y++) {
    for (let x = 0; x < W; x++) {
      const inside = Math.min(1, Math.max(0, RADIUS + 0.5 - Math.hypot(x - CX, y - CY)));
      const noise = (next() - 0.5) * 40;
      const wall = [205, 195, 180].map((v) => v + noise);
      const hair = [60, 48, 40].map((v) => v + noise / 2);
      for (let c = 0; c < 3; c++) rgb[(y * W + x) * 3 + c] = Math.round(hair[c]! * inside + wall[c]! * (1 - inside));
    }
  }
  return rgb;
}

/** The model's mask at 256²: the disc OVERSHOOT of its pixels too wide, its edge ramping over four of them. */
function coarseMask(): Float32Array {
  const out = new Float32Array(256 * 256);
  for (let y = 0; y < 256; y++) {
    for (let x = 0; x < 256; x++) {
      // In photo pixels, the distance from the centre of the coarse pixel.
      const d = Math.hypot(((x + 0.5) * W) / 256 - CX, ((y + 0.5) * H) / 256 - CY);
      const step = W / 256;
      out[y * 256 + x] = Math.min(1, Math.max(0, 0.5 + (RADIUS + OVERSHOOT * step - d) / (4 * step)));
    }
  }
  return out;
}

/** Along the row through the centre, left of it: where alpha crosses one half, and how many pixels lie between 0.05 and 0.95. */
function edgeOf(mask: Float32Array): { crossing: number; band: number } {
  let crossing = -1;
  let band = 0;
  for (let x = 0; x < CX; x++) {
    const value = mask[CY * W + x]!;
    if (crossing < 0 && value >= 0.5) crossing = x;
    if (value > 0.05 && value < 0.95) band++;
  }
  return { crossing, band };
}

describe('mask refinement', () => {
  it('averages a box with clamped borders, as a naive sum does', () => {
    const next = random(3);
    const width = 13;
    const height = 9;
    const source = Float32Array.from({ length: width * height }, next);
    for (const r of [1, 2, 5]) {
      const fast = boxMean(source, width, height, r);
      for (let y = 0; y < height; y++) {
        for (let x = 0; x < width; x++) {
          let sum = 0;
          for (let dy = -r; dy <= r; dy++) {
            for (let dx = -r; dx <= r; dx++) sum += source[Math.min(height - 1, Math.max(0, y + dy)) * width + Math.min(width - 1, Math.max(0, x + dx))]!;
          }
          expect(fast[y * width + x]).toBeCloseTo(sum / (2 * r + 1) ** 2, 5);
        }
      }
    }
  });

  it('moves a coarse, too-wide edge onto the photo’s edge and narrows it to a few pixels', () => {
    const rgb = photo();
    const coarse = coarseMask();
    const trueEdge = CX - RADIUS;
    // The stretched model mask: 5 px outside the disc, its band 15 px wide.
    const stretched = edgeOf(stretchMask(coarse, 256, 256, W, H));
    expect(trueEdge - stretched.crossing).toBeGreaterThanOrEqual(4);
    expect(stretched.band).toBeGreaterThanOrEqual(12);

    const refined = refineMask(rgb, W, H, coarse, 256, 256);
    const edge = edgeOf(refined);
    // Measured: on the edge, one pixel between 0.05 and 0.95.
    expect(Math.abs(edge.crossing - trueEdge)).toBeLessThanOrEqual(1);
    expect(edge.band).toBeLessThanOrEqual(3);
    // The core solid, the wall clear, despite the texture of both.
    let coreLow = 0;
    let wallHigh = 0;
    for (let y = 0; y < H; y++) {
      for (let x = 0; x < W; x++) {
        const d = Math.hypot(x - CX, y - CY);
        if (d < RADIUS - 6 && refined[y * W + x]! < 0.95) coreLow++;
        if (d > RADIUS + 6 && refined[y * W + x]! > 0.05) wallHigh++;
      }
    }
    expect(coreLow).toBe(0);
    expect(wallHigh).toBe(0);
  });
});
