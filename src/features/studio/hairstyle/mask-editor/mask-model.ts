/**
 * The hair mask editor's model (docs/product-rules.md#mask-editor): strokes in image
 * coordinates, the undo history and the view transform. Pure data and functions, no DOM, so the
 * rules are unit-tested without a browser.
 *
 * Coordinates: an image point is in the photo's natural pixels, origin at its top-left corner
 * (pixel (i, j) covers [i, i+1) × [j, j+1)). A screen point is in CSS pixels relative to the
 * drawing surface's top-left corner.
 */

export type Tool = 'brush' | 'eraser';

export interface Point {
  x: number;
  y: number;
}

export interface Size {
  width: number;
  height: number;
}

/** A sample of a stroke: image coordinates and the pen's pressure (0-1). */
export interface StrokePoint extends Point {
  pressure: number;
}

export interface Stroke {
  tool: Tool;
  /** Brush diameter in image pixels at full pressure. */
  size: number;
  /** Drawn with a pen that reports pressure: each point's width follows its pressure. */
  usesPressure: boolean;
  points: StrokePoint[];
}

// ---------------------------------------------------------------------------------------------
// Brush size and pressure

/** At zero pressure a pen still draws 40% of the brush size, so a light touch leaves a mark. */
const PRESSURE_FLOOR = 0.4;

/** Line width (image px) of a sample: size × (0.4 + 0.6 × pressure) with a pen, else size. */
export function strokeWidth(size: number, pressure: number, usesPressure: boolean): number {
  if (!usesPressure) return size;
  const p = Number.isFinite(pressure) ? Math.min(1, Math.max(0, pressure)) : 1;
  return size * (PRESSURE_FLOOR + (1 - PRESSURE_FLOOR) * p);
}

export function pointWidth(stroke: Stroke, point: StrokePoint): number {
  return strokeWidth(stroke.size, point.pressure, stroke.usesPressure);
}

export interface SizeRange {
  min: number;
  max: number;
  initial: number;
}

/**
 * Brush sizes in image pixels, relative to the photo's long side so that a 600 px and a 2048 px
 * portrait feel alike: from 0.5% (a strand, at least 2 px) to 20% (a whole head of hair), 4%
 * (about a fringe's width) to start.
 */
export function brushSizeRange(image: Size): SizeRange {
  const long = Math.max(image.width, image.height);
  const min = Math.max(2, Math.round(long * 0.005));
  const max = Math.max(min + 1, Math.round(long * 0.2));
  const initial = Math.min(max, Math.max(min, Math.round(long * 0.04)));
  return { min, max, initial };
}

/** One step of the [ and ] keys: 15% bigger or smaller, at least 1 px, within the range. */
export function stepBrushSize(size: number, direction: 1 | -1, range: SizeRange): number {
  const step = Math.max(1, Math.round(size * 0.15));
  return Math.min(range.max, Math.max(range.min, size + direction * step));
}

/**
 * A new sample closer to the previous one than 1 image px, or than 5% of the brush size, adds
 * nothing visible (the raster's resolution is a pixel, and round joins hide a chord that short);
 * skipping it keeps long strokes cheap to paint and to replay.
 */
export const MIN_POINT_SPACING_PX = 1;
const MIN_POINT_SPACING_OF_SIZE = 0.05;

export function shouldAppendPoint(points: readonly StrokePoint[], next: Point, size: number): boolean {
  const last = points.at(-1);
  const spacing = Math.max(MIN_POINT_SPACING_PX, size * MIN_POINT_SPACING_OF_SIZE);
  return !last || Math.hypot(next.x - last.x, next.y - last.y) >= spacing;
}

/** Axis-aligned bounds of a stroke in image px, including its width. */
export function strokeBounds(stroke: Stroke): { left: number; top: number; right: number; bottom: number } {
  let left = Infinity;
  let top = Infinity;
  let right = -Infinity;
  let bottom = -Infinity;
  for (const point of stroke.points) {
    const r = pointWidth(stroke, point) / 2;
    left = Math.min(left, point.x - r);
    top = Math.min(top, point.y - r);
    right = Math.max(right, point.x + r);
    bottom = Math.max(bottom, point.y + r);
  }
  return { left, top, right, bottom };
}

// ---------------------------------------------------------------------------------------------
// History: a stroke is one step, clearing is one step, loading a proposed mask is one step

/**
 * `load` starts the painting again from a whole mask (the proposed hair area, one byte a photo
 * pixel, 0-255): what follows is painted over it, and undoing it brings back what was there.
 */
export type Operation = { kind: 'stroke'; stroke: Stroke } | { kind: 'clear' } | { kind: 'load'; mask: Uint8ClampedArray };

export interface History {
  /** Operations in the order they were done; what is shown replays them. */
  readonly done: readonly Operation[];
  /** Undone operations, the next to redo last. */
  readonly undone: readonly Operation[];
}

export const EMPTY_HISTORY: History = { done: [], undone: [] };

/** A finished stroke becomes one undo step; a new step drops what could be redone. */
export function commitStroke(history: History, stroke: Stroke): History {
  if (stroke.points.length === 0) return history;
  return { done: [...history.done, { kind: 'stroke', stroke }], undone: [] };
}

/** Clearing is undoable; clearing an already blank mask adds no step. */
export function clearAll(history: History): History {
  if (isBlank(history)) return history;
  return { done: [...history.done, { kind: 'clear' }], undone: [] };
}

/** A proposed mask replaces the painting, as one undoable step. */
export function loadMask(history: History, mask: Uint8ClampedArray): History {
  return { done: [...history.done, { kind: 'load', mask }], undone: [] };
}

export function undo(history: History): History {
  const last = history.done.at(-1);
  if (!last) return history;
  return { done: history.done.slice(0, -1), undone: [...history.undone, last] };
}

export function redo(history: History): History {
  const next = history.undone.at(-1);
  if (!next) return history;
  return { done: [...history.done, next], undone: history.undone.slice(0, -1) };
}

export const canUndo = (history: History): boolean => history.done.length > 0;
export const canRedo = (history: History): boolean => history.undone.length > 0;

/** What the mask is made of: the mask last loaded (null after a clear, or none loaded) and the strokes drawn over it since, in order. */
export function visiblePainting(history: History): { base: Uint8ClampedArray | null; strokes: Stroke[] } {
  let base: Uint8ClampedArray | null = null;
  const strokes: Stroke[] = [];
  for (const operation of history.done) {
    if (operation.kind === 'stroke') strokes.push(operation.stroke);
    else {
      base = operation.kind === 'load' ? operation.mask : null;
      strokes.length = 0;
    }
  }
  return { base, strokes };
}

/** The strokes drawn since the last clear or load, in order. */
export const visibleStrokes = (history: History): Stroke[] => visiblePainting(history).strokes;

/** Nothing loaded or drawn since the last clear. */
export function isBlank(history: History): boolean {
  const { base, strokes } = visiblePainting(history);
  return base === null && strokes.length === 0;
}

// ---------------------------------------------------------------------------------------------
// View: zoom and pan

export const MIN_ZOOM = 1;
export const MAX_ZOOM = 8;
/** Factor of one press of the zoom buttons. */
export const ZOOM_STEP = 1.25;

/**
 * `zoom` multiplies the scale at which the whole photo fits the surface (1 = fitted); `x`, `y`
 * are where the photo's top-left corner sits on the surface, in CSS px.
 */
export interface View {
  zoom: number;
  x: number;
  y: number;
}

export const clampZoom = (zoom: number): number => Math.min(MAX_ZOOM, Math.max(MIN_ZOOM, Number.isFinite(zoom) ? zoom : MIN_ZOOM));

/** CSS px per image px at zoom 1: the photo contained in the surface. */
export function fitScale(surface: Size, image: Size): number {
  if (surface.width <= 0 || surface.height <= 0 || image.width <= 0 || image.height <= 0) return 1;
  return Math.min(surface.width / image.width, surface.height / image.height);
}

/** CSS px per image px. */
export const viewScale = (view: View, surface: Size, image: Size): number => fitScale(surface, image) * view.zoom;

/**
 * Keeps the photo on screen: along an axis where it is smaller than the surface it is centred;
 * where it is larger, its edges may not come inside the surface's.
 */
export function clampView(view: View, surface: Size, image: Size): View {
  const zoom = clampZoom(view.zoom);
  const scale = fitScale(surface, image) * zoom;
  const axis = (offset: number, room: number, length: number): number => {
    const extent = length * scale;
    if (extent <= room) return (room - extent) / 2;
    return Math.min(0, Math.max(room - extent, offset));
  };
  return { zoom, x: axis(view.x, surface.width, image.width), y: axis(view.y, surface.height, image.height) };
}

export const fittedView = (surface: Size, image: Size): View => clampView({ zoom: MIN_ZOOM, x: 0, y: 0 }, surface, image);

export function screenToImage(point: Point, view: View, surface: Size, image: Size): Point {
  const scale = viewScale(view, surface, image);
  return { x: (point.x - view.x) / scale, y: (point.y - view.y) / scale };
}

export function imageToScreen(point: Point, view: View, surface: Size, image: Size): Point {
  const scale = viewScale(view, surface, image);
  return { x: view.x + point.x * scale, y: view.y + point.y * scale };
}

/** Zooms to `zoom` keeping the image point under `anchor` (a screen point) where it is. */
export function zoomAt(view: View, zoom: number, anchor: Point, surface: Size, image: Size): View {
  const fixed = screenToImage(anchor, view, surface, image);
  const next = clampZoom(zoom);
  const scale = fitScale(surface, image) * next;
  return clampView({ zoom: next, x: anchor.x - fixed.x * scale, y: anchor.y - fixed.y * scale }, surface, image);
}

/** Zooms by `factor` around the surface's centre (the zoom buttons). */
export const zoomBy = (view: View, factor: number, surface: Size, image: Size): View =>
  zoomAt(view, view.zoom * factor, { x: surface.width / 2, y: surface.height / 2 }, surface, image);

/**
 * The surface changed size (rotation, window resize): same zoom, and the image point that was at
 * the surface's centre stays at its centre. A surface not measured yet gets the fitted view.
 */
export function resizeView(view: View, from: Size, to: Size, image: Size): View {
  if (from.width <= 0 || from.height <= 0) return fittedView(to, image);
  const centre = screenToImage({ x: from.width / 2, y: from.height / 2 }, view, from, image);
  const scale = fitScale(to, image) * view.zoom;
  return clampView({ zoom: view.zoom, x: to.width / 2 - centre.x * scale, y: to.height / 2 - centre.y * scale }, to, image);
}

export const panBy = (view: View, dx: number, dy: number, surface: Size, image: Size): View =>
  clampView({ ...view, x: view.x + dx, y: view.y + dy }, surface, image);

/** Two touches when a pinch began, and the view then. */
export interface PinchStart {
  view: View;
  a: Point;
  b: Point;
}

/**
 * Two fingers zoom and pan at once: the zoom follows the change of distance between them, and
 * the image point that was under their midpoint at the start stays under their midpoint now.
 */
export function pinchView(start: PinchStart, a: Point, b: Point, surface: Size, image: Size): View {
  const before = Math.hypot(start.b.x - start.a.x, start.b.y - start.a.y);
  const now = Math.hypot(b.x - a.x, b.y - a.y);
  const zoom = clampZoom(before > 0 ? (start.view.zoom * now) / before : start.view.zoom);
  const fixed = screenToImage(midpoint(start.a, start.b), start.view, surface, image);
  const centre = midpoint(a, b);
  const scale = fitScale(surface, image) * zoom;
  return clampView({ zoom, x: centre.x - fixed.x * scale, y: centre.y - fixed.y * scale }, surface, image);
}

export const midpoint = (a: Point, b: Point): Point => ({ x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 });

/** WheelEvent.deltaMode values. */
const DELTA_LINE = 1;
const DELTA_PAGE = 2;
/** A wheel "line" is about 16 CSS px and a "page" about 800, as browsers scroll them. */
const LINE_PX = 16;
const PAGE_PX = 800;
/** Zoom doubles per 100 px of wheel delta (a trackpad pinch sends small deltas with ctrlKey). */
const WHEEL_PX_PER_DOUBLING = 100;

export function wheelPixels(delta: number, deltaMode: number): number {
  if (deltaMode === DELTA_LINE) return delta * LINE_PX;
  if (deltaMode === DELTA_PAGE) return delta * PAGE_PX;
  return delta;
}

/** Zoom factor of a ctrl+wheel (or trackpad pinch) event: scrolling up zooms in. */
export const wheelZoomFactor = (deltaY: number, deltaMode: number): number => 2 ** (-wheelPixels(deltaY, deltaMode) / WHEEL_PX_PER_DOUBLING);

// ---------------------------------------------------------------------------------------------
// Emptiness

/**
 * A mask painting less than this share of the photo counts as empty: the local engine refuses
 * such a mask ('maskRequired'), so the editor does not offer to export it.
 */
export const MIN_MASK_COVERAGE = 0.001;
