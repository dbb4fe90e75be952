import { describe, expect, it } from 'vitest';
import type { Stroke, StrokePoint } from './mask-model.ts';
import { intersect, MaskRaster, strokePixelRect, union } from './mask-raster.ts';

const at = (x: number, y: number, pressure = 1): StrokePoint => ({ x, y, pressure });
const line = (points: StrokePoint[], size: number, tool: Stroke['tool'] = 'brush', usesPressure = false): Stroke => ({ tool, size, usesPressure, points });
const pixel = (raster: MaskRaster, x: number, y: number) => raster.data[y * raster.width + x];

/** Height of the painted (≥ 128) run in column x. */
function paintedRun(raster: MaskRaster, x: number): number {
  let run = 0;
  for (let y = 0; y < raster.height; y++) if (pixel(raster, x, y)! >= 128) run++;
  return run;
}

describe('MaskRaster', () => {
  it('paints a thick line with round caps, anti-aliased at its edge', () => {
    const raster = new MaskRaster(120, 100);
    raster.paintStroke(line([at(10, 50), at(90, 50)], 20));
    // Radius 10: pixel centres within 9.5 are fully painted, beyond 10.5 untouched.
    expect(pixel(raster, 50, 50)).toBe(255);
    expect(pixel(raster, 50, 40)).toBe(255);
    expect(pixel(raster, 50, 59)).toBe(255);
    expect(pixel(raster, 50, 61)).toBe(0);
    expect(pixel(raster, 50, 38)).toBe(0);
    expect(paintedRun(raster, 50)).toBe(20);
    // The round cap reaches 10 px past the end point, not a square's corner.
    expect(pixel(raster, 98, 50)).toBe(255);
    expect(pixel(raster, 101, 50)).toBe(0);
    expect(pixel(raster, 98, 58)).toBe(0);
    expect(pixel(raster, 90, 58)).toBe(255);
    // A centre exactly on the radius is half covered.
    const edge = new MaskRaster(40, 40);
    edge.paintStroke(line([at(20.5, 10.5), at(20.5, 30.5)], 20));
    expect(pixel(edge, 30, 20)).toBe(128);
    expect(pixel(edge, 29, 20)).toBe(255);
    expect(pixel(edge, 31, 20)).toBe(0);
  });

  it('paints a single tap as a dot', () => {
    const raster = new MaskRaster(40, 40);
    const rect = raster.paintStroke(line([at(20, 20)], 10));
    expect(rect).toEqual({ x: 14, y: 14, width: 12, height: 12 });
    expect(pixel(raster, 20, 20)).toBe(255);
    let painted = 0;
    for (const value of raster.data) if (value >= 128) painted++;
    // π × 5² ≈ 78.5 pixels.
    expect(painted).toBeGreaterThanOrEqual(72);
    expect(painted).toBeLessThanOrEqual(86);
  });

  it('thins a pen stroke with its pressure: size × (0.4 + 0.6 × pressure)', () => {
    const raster = new MaskRaster(200, 100);
    raster.paintStroke(line([at(10, 50, 1), at(190, 50, 0)], 40, 'brush', true));
    expect(paintedRun(raster, 10)).toBe(40);
    // At the far end the width is 40 × 0.4 = 16 px.
    expect(paintedRun(raster, 190)).toBe(16);
    // Halfway: pressure 0.5, width 40 × 0.7 = 28 px.
    expect(paintedRun(raster, 100)).toBe(28);
  });

  it('erases, and overlapping segments of a stroke do not build up', () => {
    const raster = new MaskRaster(100, 100);
    const brush = line([at(10, 50), at(50, 50), at(90, 50)], 30);
    raster.paintStroke(brush);
    const once = raster.data.slice();
    raster.paintStroke(brush);
    expect(raster.data).toEqual(once);
    raster.paintStroke(line([at(50, 10), at(50, 90)], 10, 'eraser'));
    expect(pixel(raster, 50, 50)).toBe(0);
    expect(pixel(raster, 40, 50)).toBe(255);
    expect(pixel(raster, 60, 50)).toBe(255);
  });

  it('replays to the same bytes as live painting, and an undo replays only the stroke’s pixels', () => {
    const strokes = [
      line([at(10, 10), at(60, 40), at(90, 90)], 24),
      line([at(20, 80), at(80, 20)], 12, 'eraser'),
      line([at(30, 30, 0.2), at(70, 70, 0.9)], 18, 'brush', true),
    ];
    const live = new MaskRaster(100, 100);
    for (const stroke of strokes) for (let i = 0; i < stroke.points.length; i++) live.paintSegment(stroke, i);
    const replayed = new MaskRaster(100, 100);
    replayed.replay(strokes);
    expect(replayed.data).toEqual(live.data);

    // Undo the last stroke: a replay clipped to its pixels gives the mask without it.
    live.replay(strokes.slice(0, 2), strokePixelRect(strokes[2]!));
    const without = new MaskRaster(100, 100);
    without.replay(strokes.slice(0, 2));
    expect(live.data).toEqual(without.data);
  });

  it('keeps painting inside the clip and the mask', () => {
    const raster = new MaskRaster(50, 50);
    const changed = raster.paintStroke(line([at(-20, 25), at(70, 25)], 10), { x: 10, y: 0, width: 10, height: 50 });
    expect(changed).toEqual({ x: 10, y: 19, width: 10, height: 12 });
    expect(pixel(raster, 9, 25)).toBe(0);
    expect(pixel(raster, 10, 25)).toBe(255);
    expect(pixel(raster, 19, 25)).toBe(255);
    expect(pixel(raster, 20, 25)).toBe(0);
    expect(raster.paintStroke(line([at(-50, -50)], 10))).toBeNull();
  });

  it('measures coverage and clears', () => {
    const raster = new MaskRaster(10, 10);
    expect(raster.coverage()).toBe(0);
    raster.paintStroke(line([at(0, 5), at(10, 5)], 2));
    expect(raster.coverage()).toBeCloseTo(0.2);
    raster.clear({ x: 0, y: 0, width: 5, height: 10 });
    expect(raster.coverage()).toBeCloseTo(0.1);
    raster.clear();
    expect(raster.coverage()).toBe(0);
  });

  it('combines rectangles', () => {
    expect(intersect({ x: 0, y: 0, width: 10, height: 10 }, { x: 5, y: 5, width: 10, height: 10 })).toEqual({ x: 5, y: 5, width: 5, height: 5 });
    expect(intersect({ x: 0, y: 0, width: 10, height: 10 }, { x: 10, y: 0, width: 5, height: 5 })).toBeNull();
    expect(union({ x: 0, y: 0, width: 2, height: 2 }, { x: 5, y: 6, width: 1, height: 1 })).toEqual({ x: 0, y: 0, width: 6, height: 7 });
    expect(union(null, null)).toBeNull();
  });
});
