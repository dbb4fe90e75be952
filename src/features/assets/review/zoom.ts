/**
 * Zoom and pan of the review viewer, as pure functions. A view is a scale over the fitted image
 * (1 = the whole image in the stage) and a translation of the image's centre from the stage's
 * centre, in px. Points are measured from the stage's centre too.
 */

export interface Size {
  width: number;
  height: number;
}

export interface Point {
  x: number;
  y: number;
}

export interface View {
  scale: number;
  x: number;
  y: number;
}

export const MIN_SCALE = 1;
export const MAX_SCALE = 8;
/** One press of a zoom button (or the + and - keys) multiplies or divides the scale by this. */
export const ZOOM_STEP = 1.5;
/** A double tap on the fitted image zooms to this scale at the tapped point. */
export const DOUBLE_TAP_SCALE = 2.5;
/** Wheel zoom: the scale is multiplied by e^(-deltaY × this) per wheel event (deltaY in px). */
export const WHEEL_ZOOM_PER_PX = 0.002;

export const FITTED: View = { scale: 1, x: 0, y: 0 };

/** The image's size in the stage at scale 1: the whole image visible, never enlarged past its own pixels. */
export function fitSize(media: Size, stage: Size): Size {
  if (media.width <= 0 || media.height <= 0 || stage.width <= 0 || stage.height <= 0) return { width: 0, height: 0 };
  const ratio = Math.min(1, stage.width / media.width, stage.height / media.height);
  return { width: media.width * ratio, height: media.height * ratio };
}

export function clampScale(scale: number): number {
  return Math.min(MAX_SCALE, Math.max(MIN_SCALE, scale));
}

/** Keeps the zoomed image over the stage: it may not be dragged further than its edges. */
export function clampView(view: View, fitted: Size, stage: Size): View {
  const scale = clampScale(view.scale);
  const maxX = Math.max(0, (fitted.width * scale - stage.width) / 2);
  const maxY = Math.max(0, (fitted.height * scale - stage.height) / 2);
  // `|| 0` turns -0 into 0: a centred view is exactly FITTED.
  return {
    scale,
    x: Math.min(maxX, Math.max(-maxX, view.x)) || 0,
    y: Math.min(maxY, Math.max(-maxY, view.y)) || 0,
  };
}

/** Zooms to `scale` keeping the image point under `at` (from the stage's centre) where it is. */
export function zoomAt(view: View, scale: number, at: Point, fitted: Size, stage: Size): View {
  const next = clampScale(scale);
  const ratio = next / view.scale;
  return clampView({ scale: next, x: at.x - (at.x - view.x) * ratio, y: at.y - (at.y - view.y) * ratio }, fitted, stage);
}

export function panBy(view: View, dx: number, dy: number, fitted: Size, stage: Size): View {
  return clampView({ scale: view.scale, x: view.x + dx, y: view.y + dy }, fitted, stage);
}

export function distance(a: Point, b: Point): number {
  return Math.hypot(a.x - b.x, a.y - b.y);
}

export function midpoint(a: Point, b: Point): Point {
  return { x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 };
}

/**
 * A pinch: from the view at the start of the gesture, the scale follows the fingers' spread and
 * the image follows their midpoint.
 */
export function pinchView(start: View, startPoints: [Point, Point], points: [Point, Point], fitted: Size, stage: Size): View {
  const startDistance = distance(...startPoints);
  if (startDistance === 0) return start;
  const startMid = midpoint(...startPoints);
  const mid = midpoint(...points);
  const zoomed = zoomAt(start, start.scale * (distance(...points) / startDistance), startMid, fitted, stage);
  return panBy(zoomed, mid.x - startMid.x, mid.y - startMid.y, fitted, stage);
}

/** A horizontal swipe at least this long, in px, goes to the next or previous item. */
export const SWIPE_MIN_PX = 50;

/** -1 (previous), 1 (next) or 0 for a one-finger move of (dx, dy) px on the fitted image. */
export function swipeDirection(dx: number, dy: number): -1 | 0 | 1 {
  if (Math.abs(dx) < SWIPE_MIN_PX || Math.abs(dx) <= Math.abs(dy)) return 0;
  return dx < 0 ? 1 : -1;
}
