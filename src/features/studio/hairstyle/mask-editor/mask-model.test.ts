import { describe, expect, it } from 'vitest';
import {
  brushSizeRange,
  canRedo,
  canUndo,
  clampView,
  clearAll,
  commitStroke,
  EMPTY_HISTORY,
  fittedView,
  fitScale,
  imageToScreen,
  isBlank,
  loadMask,
  MAX_ZOOM,
  pinchView,
  pointWidth,
  redo,
  resizeView,
  screenToImage,
  shouldAppendPoint,
  stepBrushSize,
  strokeBounds,
  strokeWidth,
  undo,
  visiblePainting,
  visibleStrokes,
  wheelPixels,
  wheelZoomFactor,
  zoomAt,
  zoomBy,
  panBy,
  type Stroke,
  type View,
} from './mask-model.ts';

const stroke = (x: number, tool: Stroke['tool'] = 'brush'): Stroke => ({ tool, size: 10, usesPressure: false, points: [{ x, y: 0, pressure: 0.5 }] });

describe('brush width and pressure', () => {
  it('follows a pen’s pressure: size × (0.4 + 0.6 × pressure)', () => {
    expect(strokeWidth(50, 0, true)).toBeCloseTo(20);
    expect(strokeWidth(50, 0.5, true)).toBeCloseTo(35);
    expect(strokeWidth(50, 1, true)).toBeCloseTo(50);
  });

  it('ignores pressure for a mouse or a finger, and clamps odd pressures', () => {
    expect(strokeWidth(50, 0, false)).toBe(50);
    expect(strokeWidth(50, 0.2, false)).toBe(50);
    expect(strokeWidth(50, 3, true)).toBe(50);
    expect(strokeWidth(50, -1, true)).toBeCloseTo(20);
    expect(strokeWidth(50, Number.NaN, true)).toBe(50);
    const pen: Stroke = { tool: 'brush', size: 40, usesPressure: true, points: [] };
    expect(pointWidth(pen, { x: 0, y: 0, pressure: 0.25 })).toBeCloseTo(22);
  });

  it('sizes the brush by the photo’s long side, and steps it with [ and ]', () => {
    const range = brushSizeRange({ width: 1000, height: 1500 });
    expect(range).toEqual({ min: 8, max: 300, initial: 60 });
    expect(brushSizeRange({ width: 100, height: 80 })).toEqual({ min: 2, max: 20, initial: 4 });
    expect(stepBrushSize(60, 1, range)).toBe(69);
    expect(stepBrushSize(60, -1, range)).toBe(51);
    expect(stepBrushSize(9, -1, range)).toBe(8);
    expect(stepBrushSize(299, 1, range)).toBe(300);
    // Small sizes still move by a pixel.
    expect(stepBrushSize(3, 1, { min: 2, max: 20, initial: 4 })).toBe(4);
  });

  it('skips samples closer than a pixel, or 5% of the brush, to the previous one', () => {
    const last = [{ x: 5, y: 5, pressure: 1 }];
    expect(shouldAppendPoint([], { x: 5, y: 5 }, 10)).toBe(true);
    expect(shouldAppendPoint(last, { x: 5.6, y: 5.6 }, 10)).toBe(false);
    expect(shouldAppendPoint(last, { x: 6, y: 5 }, 10)).toBe(true);
    expect(shouldAppendPoint(last, { x: 8, y: 5 }, 100)).toBe(false);
    expect(shouldAppendPoint(last, { x: 10, y: 5 }, 100)).toBe(true);
  });

  it('bounds a stroke by its widest points', () => {
    const pen: Stroke = {
      tool: 'brush',
      size: 20,
      usesPressure: true,
      points: [
        { x: 10, y: 10, pressure: 1 },
        { x: 50, y: 12, pressure: 0 },
      ],
    };
    expect(strokeBounds(pen)).toEqual({ left: 0, top: 0, right: 54, bottom: 20 });
  });
});

describe('history', () => {
  it('makes each stroke one undo step and a new stroke drops the redo list', () => {
    const a = stroke(1);
    const b = stroke(2);
    let history = commitStroke(commitStroke(EMPTY_HISTORY, a), b);
    expect(visibleStrokes(history)).toEqual([a, b]);
    history = undo(history);
    expect(visibleStrokes(history)).toEqual([a]);
    expect(canRedo(history)).toBe(true);
    history = redo(history);
    expect(visibleStrokes(history)).toEqual([a, b]);
    history = undo(undo(history));
    expect(visibleStrokes(history)).toEqual([]);
    expect(canUndo(history)).toBe(false);
    expect(undo(history)).toBe(history);
    const c = stroke(3);
    history = commitStroke(redo(history), c);
    expect(visibleStrokes(history)).toEqual([a, c]);
    expect(canRedo(history)).toBe(false);
    expect(redo(history)).toBe(history);
  });

  it('ignores a stroke without points', () => {
    expect(commitStroke(EMPTY_HISTORY, { ...stroke(0), points: [] })).toBe(EMPTY_HISTORY);
  });

  it('makes clearing one undoable step, and clearing a blank mask no step', () => {
    const a = stroke(1);
    const b = stroke(2, 'eraser');
    let history = commitStroke(commitStroke(EMPTY_HISTORY, a), b);
    history = clearAll(history);
    expect(visibleStrokes(history)).toEqual([]);
    expect(clearAll(history)).toBe(history);
    expect(clearAll(EMPTY_HISTORY)).toBe(EMPTY_HISTORY);
    // Drawing after a clear shows only the new stroke; undoing twice brings the old ones back.
    const c = stroke(3);
    history = commitStroke(history, c);
    expect(visibleStrokes(history)).toEqual([c]);
    history = undo(history);
    expect(visibleStrokes(history)).toEqual([]);
    history = undo(history);
    expect(visibleStrokes(history)).toEqual([a, b]);
    history = redo(history);
    expect(visibleStrokes(history)).toEqual([]);
  });

  it('makes loading a proposed mask one undoable step that strokes are drawn over, and a clear clears it', () => {
    const proposal = new Uint8ClampedArray([255, 0]);
    const a = stroke(1);
    let history = loadMask(commitStroke(EMPTY_HISTORY, a), proposal);
    expect(visiblePainting(history)).toEqual({ base: proposal, strokes: [] });
    expect(isBlank(history)).toBe(false);
    const b = stroke(2, 'eraser');
    history = commitStroke(history, b);
    expect(visiblePainting(history)).toEqual({ base: proposal, strokes: [b] });
    history = clearAll(history);
    expect(isBlank(history)).toBe(true);
    history = undo(undo(history));
    expect(visiblePainting(history)).toEqual({ base: proposal, strokes: [] });
    history = undo(history);
    expect(visiblePainting(history)).toEqual({ base: null, strokes: [a] });
    expect(isBlank(EMPTY_HISTORY)).toBe(true);
  });
});

describe('view', () => {
  const surface = { width: 400, height: 500 };
  const image = { width: 200, height: 400 };
  // Fit: min(400 / 200, 500 / 400) = 1.25 CSS px per image px; the photo is 250 × 500, centred.

  it('fits the photo and centres it', () => {
    expect(fitScale(surface, image)).toBe(1.25);
    expect(fittedView(surface, image)).toEqual({ zoom: 1, x: 75, y: 0 });
    expect(fitScale({ width: 0, height: 0 }, image)).toBe(1);
  });

  it('converts screen and image points both ways under zoom and pan', () => {
    const view: View = { zoom: 2, x: -100, y: -50 };
    // 2.5 CSS px per image px.
    expect(screenToImage({ x: 150, y: 200 }, view, surface, image)).toEqual({ x: 100, y: 100 });
    expect(imageToScreen({ x: 100, y: 100 }, view, surface, image)).toEqual({ x: 150, y: 200 });
    const fitted = fittedView(surface, image);
    expect(screenToImage({ x: 75, y: 0 }, fitted, surface, image)).toEqual({ x: 0, y: 0 });
    expect(screenToImage({ x: 325, y: 500 }, fitted, surface, image)).toEqual({ x: 200, y: 400 });
  });

  it('keeps the photo on screen: zoom within 1-8×, edges never inside the surface', () => {
    expect(clampView({ zoom: 20, x: 0, y: 0 }, surface, image).zoom).toBe(MAX_ZOOM);
    expect(clampView({ zoom: 0.2, x: 30, y: 30 }, surface, image)).toEqual({ zoom: 1, x: 75, y: 0 });
    // At 2× the photo is 500 × 1000: x within [-100, 0], y within [-500, 0].
    expect(clampView({ zoom: 2, x: 40, y: 40 }, surface, image)).toEqual({ zoom: 2, x: 0, y: 0 });
    expect(clampView({ zoom: 2, x: -400, y: -900 }, surface, image)).toEqual({ zoom: 2, x: -100, y: -500 });
    expect(panBy({ zoom: 2, x: -50, y: -250 }, 20, -30, surface, image)).toEqual({ zoom: 2, x: -30, y: -280 });
  });

  it('zooms around an anchor that stays put', () => {
    const start = fittedView(surface, image);
    const anchor = { x: 200, y: 100 };
    const before = screenToImage(anchor, start, surface, image);
    const zoomed = zoomAt(start, 3, anchor, surface, image);
    expect(zoomed.zoom).toBe(3);
    const after = imageToScreen(before, zoomed, surface, image);
    expect(after.x).toBeCloseTo(anchor.x);
    expect(after.y).toBeCloseTo(anchor.y);
    // The buttons zoom around the centre, and back out to the fitted view.
    const back = zoomBy(zoomBy(start, 1.25, surface, image), 1 / 1.25, surface, image);
    expect(back.zoom).toBeCloseTo(1);
    expect(back.x).toBeCloseTo(start.x);
    expect(back.y).toBeCloseTo(start.y);
  });

  it('pinches: zoom follows the fingers’ spread, the midpoint’s image point follows the midpoint', () => {
    const start = { view: fittedView(surface, image), a: { x: 150, y: 250 }, b: { x: 250, y: 250 } };
    const fixed = screenToImage({ x: 200, y: 250 }, start.view, surface, image);
    // Fingers twice as far apart, and both moved 10 px right and 20 px up.
    const view = pinchView(start, { x: 110, y: 230 }, { x: 310, y: 230 }, surface, image);
    expect(view.zoom).toBeCloseTo(2);
    const midpointNow = imageToScreen(fixed, view, surface, image);
    expect(midpointNow.x).toBeCloseTo(210);
    expect(midpointNow.y).toBeCloseTo(230);
    // Two fingers moving together pan without zooming.
    const zoomedStart = { view, a: { x: 100, y: 100 }, b: { x: 200, y: 100 } };
    const panned = pinchView(zoomedStart, { x: 70, y: 60 }, { x: 170, y: 60 }, surface, image);
    expect(panned.zoom).toBeCloseTo(2);
    expect(panned.x - view.x).toBeCloseTo(-30);
    expect(panned.y - view.y).toBeCloseTo(-40);
    // Pinching in past the fitted view stops at 1× and recentres.
    expect(pinchView(start, { x: 190, y: 250 }, { x: 210, y: 250 }, surface, image)).toEqual(fittedView(surface, image));
    // Fingers that started on the same spot cannot divide by zero.
    expect(pinchView({ ...start, b: start.a }, start.a, { x: 300, y: 250 }, surface, image).zoom).toBe(1);
  });

  it('keeps the centre’s image point when the surface resizes', () => {
    const view = zoomAt(fittedView(surface, image), 4, { x: 200, y: 250 }, surface, image);
    const centre = screenToImage({ x: 200, y: 250 }, view, surface, image);
    const to = { width: 600, height: 400 };
    const resized = resizeView(view, surface, to, image);
    expect(resized.zoom).toBe(4);
    const now = screenToImage({ x: 300, y: 200 }, resized, to, image);
    expect(now.x).toBeCloseTo(centre.x);
    expect(now.y).toBeCloseTo(centre.y);
    expect(resizeView(view, { width: 0, height: 0 }, to, image)).toEqual(fittedView(to, image));
  });

  it('turns wheel deltas into pixels and zoom factors', () => {
    expect(wheelPixels(3, 1)).toBe(48);
    expect(wheelPixels(1, 2)).toBe(800);
    expect(wheelPixels(12, 0)).toBe(12);
    expect(wheelZoomFactor(-100, 0)).toBeCloseTo(2);
    expect(wheelZoomFactor(100, 0)).toBeCloseTo(0.5);
    expect(wheelZoomFactor(0, 0)).toBe(1);
  });
});
