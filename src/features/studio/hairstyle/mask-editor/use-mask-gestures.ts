import {
  useCallback,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
  type MouseEvent as ReactMouseEvent,
  type PointerEvent as ReactPointerEvent,
  type RefObject,
} from 'react';
import { paintOverlay } from './mask-canvas.ts';
import {
  commitStroke,
  MIN_ZOOM,
  panBy,
  pinchView,
  resizeView,
  screenToImage,
  shouldAppendPoint,
  viewScale,
  visiblePainting,
  wheelPixels,
  wheelZoomFactor,
  zoomAt,
  type History,
  type PinchStart,
  type Point,
  type Size,
  type Stroke,
  type Tool,
  type View,
} from './mask-model.ts';
import { strokePixelRect, type MaskRaster } from './mask-raster.ts';

/**
 * The mask editor's gestures: one finger, a pen or the mouse draws (a pen's pressure thins the
 * line, its eraser end erases); two fingers pinch to zoom and pan; ctrl+wheel (or a trackpad
 * pinch) zooms, the wheel pans once zoomed in. Also the surface's size and the brush circle.
 * Handlers read the latest values from refs: a gesture spans many events, and state set by one
 * event is not rendered before the next arrives.
 */

export type Gesture =
  | { kind: 'idle' }
  | { kind: 'draw'; pointerId: number; pointerType: string; stroke: Stroke }
  | { kind: 'pinch'; ids: [number, number]; start: PinchStart }
  /** After a pinch, until every finger is lifted: a finger left behind must not start a stroke. */
  | { kind: 'settle' };

/** PointerEvent.button of a pen's eraser end (Pointer Events: button 5, buttons bit 32). */
const PEN_ERASER_BUTTON = 5;
const PEN_ERASER_BUTTONS = 32;

const ZERO: Size = { width: 0, height: 0 };

/** Shows the brush circle, `diameter` CSS px wide, centred on `at` (hidden when null). */
function drawCursor(element: HTMLElement | null, at: Point | null, diameter: number): void {
  if (!element) return;
  element.hidden = !at;
  if (!at) return;
  element.style.width = `${diameter}px`;
  element.style.height = `${diameter}px`;
  element.style.transform = `translate(${at.x - diameter / 2}px, ${at.y - diameter / 2}px)`;
}

/** Keeps the pointer's events on the surface while it draws or pinches, even outside it. */
function capture(event: ReactPointerEvent<HTMLElement>): void {
  try {
    event.currentTarget.setPointerCapture(event.pointerId);
  } catch {
    // The pointer is already gone (a synthetic or very short event): nothing to capture.
  }
}

/** What the gestures read and change, owned by the editor. */
export interface MaskGestureDeps {
  image: Size;
  raster: MaskRaster;
  viewRef: RefObject<View>;
  historyRef: RefObject<History>;
  toolRef: RefObject<Tool>;
  sizeRef: RefObject<number>;
  canvasRef: RefObject<HTMLCanvasElement | null>;
  applyView: (next: View) => void;
  applyHistory: (next: History) => void;
  /** After a change to the painting is complete. */
  settled: () => void;
}

export function useMaskGestures(deps: MaskGestureDeps, size: number, view: View) {
  const { image, raster, viewRef, historyRef, toolRef, sizeRef, canvasRef, applyView, applyHistory, settled } = deps;
  const [surfaceSize, setSurfaceSize] = useState<Size>(ZERO);
  const surfaceRef = useRef(surfaceSize);
  const gesture = useRef<Gesture>({ kind: 'idle' });
  const touches = useRef(new Map<number, Point>());
  const cursorAt = useRef<Point | null>(null);
  const surfaceEl = useRef<HTMLDivElement>(null);
  const cursorEl = useRef<HTMLDivElement>(null);

  // --- the surface's size -------------------------------------------------------------------

  useLayoutEffect(() => {
    const element = surfaceEl.current;
    if (!element) return;
    const measure = () => {
      const box = element.getBoundingClientRect();
      const next = { width: box.width, height: box.height };
      const previous = surfaceRef.current;
      if (next.width === previous.width && next.height === previous.height) return;
      surfaceRef.current = next;
      setSurfaceSize(next);
      applyView(resizeView(viewRef.current, previous, next, image));
    };
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, [applyView, image, viewRef]);

  // --- the brush cursor -----------------------------------------------------------------------

  const placeCursor = useCallback(
    (at: Point | null) => {
      cursorAt.current = at;
      drawCursor(cursorEl.current, at, sizeRef.current * viewScale(viewRef.current, surfaceRef.current, image));
    },
    [image, sizeRef, viewRef],
  );

  // The circle follows size and zoom changes made by keys or buttons while the pointer rests.
  useEffect(() => {
    drawCursor(cursorEl.current, cursorAt.current, size * viewScale(view, surfaceSize, image));
  }, [size, view, surfaceSize, image]);

  // --- drawing --------------------------------------------------------------------------------

  const localPoint = (event: { clientX: number; clientY: number }): Point => {
    const box = surfaceEl.current!.getBoundingClientRect();
    return { x: event.clientX - box.left, y: event.clientY - box.top };
  };

  const addSample = (stroke: Stroke, at: Point, pressure: number) => {
    const point = screenToImage(at, viewRef.current, surfaceRef.current, image);
    if (!shouldAppendPoint(stroke.points, point, stroke.size)) return;
    stroke.points.push({ ...point, pressure });
    paintOverlay(canvasRef.current, raster, raster.paintSegment(stroke, stroke.points.length - 1));
  };

  const beginStroke = (event: ReactPointerEvent<HTMLDivElement>, at: Point) => {
    const penEraser = event.pointerType === 'pen' && (event.button === PEN_ERASER_BUTTON || (event.buttons & PEN_ERASER_BUTTONS) !== 0);
    const stroke: Stroke = {
      tool: penEraser ? 'eraser' : toolRef.current,
      size: sizeRef.current,
      usesPressure: event.pointerType === 'pen',
      points: [],
    };
    gesture.current = { kind: 'draw', pointerId: event.pointerId, pointerType: event.pointerType, stroke };
    addSample(stroke, at, event.pressure);
  };

  /** Takes back the stroke being drawn (a second finger landed, or the browser cancelled it). */
  const cancelStroke = () => {
    const current = gesture.current;
    if (current.kind !== 'draw') return;
    gesture.current = { kind: 'idle' };
    if (current.stroke.points.length === 0) return;
    const rect = strokePixelRect(current.stroke);
    const { base, strokes } = visiblePainting(historyRef.current);
    raster.replay(strokes, rect, base);
    paintOverlay(canvasRef.current, raster, rect);
  };

  const finishStroke = () => {
    const current = gesture.current;
    if (current.kind !== 'draw') return;
    gesture.current = { kind: 'idle' };
    if (current.stroke.points.length === 0) return;
    applyHistory(commitStroke(historyRef.current, current.stroke));
    settled();
  };

  const startPinch = () => {
    const [first, second] = [...touches.current.entries()];
    if (!first || !second) return;
    gesture.current = { kind: 'pinch', ids: [first[0], second[0]], start: { view: viewRef.current, a: first[1], b: second[1] } };
    placeCursor(null);
  };

  const onPointerDown = (event: ReactPointerEvent<HTMLDivElement>) => {
    const at = localPoint(event);
    if (event.pointerType === 'touch') {
      event.preventDefault();
      // A hand resting on the screen while a pen (or the mouse) draws is not a gesture.
      if (gesture.current.kind === 'draw' && gesture.current.pointerType !== 'touch') return;
      touches.current.set(event.pointerId, at);
      capture(event);
      if (touches.current.size === 1 && gesture.current.kind === 'idle') {
        beginStroke(event, at);
        placeCursor(at);
      } else if (touches.current.size === 2) {
        cancelStroke();
        startPinch();
      }
      return;
    }
    // Mouse: the main button only; pen: the tip or the eraser end.
    const drawButton = event.button === 0 || (event.pointerType === 'pen' && event.button === PEN_ERASER_BUTTON);
    if (!drawButton || gesture.current.kind !== 'idle') return;
    event.preventDefault();
    capture(event);
    beginStroke(event, at);
    placeCursor(at);
  };

  const onPointerMove = (event: ReactPointerEvent<HTMLDivElement>) => {
    const current = gesture.current;
    if (event.pointerType === 'touch') {
      if (!touches.current.has(event.pointerId)) return;
      touches.current.set(event.pointerId, localPoint(event));
    }
    if (current.kind === 'draw' && current.pointerId === event.pointerId) {
      // Every sample since the last frame: fast strokes stay smooth.
      const box = surfaceEl.current!.getBoundingClientRect();
      const coalesced = event.nativeEvent.getCoalescedEvents?.() ?? [];
      for (const sample of coalesced.length > 0 ? coalesced : [event.nativeEvent]) {
        addSample(current.stroke, { x: sample.clientX - box.left, y: sample.clientY - box.top }, sample.pressure);
      }
      placeCursor({ x: event.clientX - box.left, y: event.clientY - box.top });
    } else if (current.kind === 'pinch' && current.ids.includes(event.pointerId)) {
      const a = touches.current.get(current.ids[0]);
      const b = touches.current.get(current.ids[1]);
      if (a && b) applyView(pinchView(current.start, a, b, surfaceRef.current, image));
    } else if (event.pointerType !== 'touch' && current.kind === 'idle') {
      placeCursor(localPoint(event));
    }
  };

  const endPointer = (event: ReactPointerEvent<HTMLDivElement>, cancelled: boolean) => {
    const current = gesture.current;
    if (current.kind === 'draw' && current.pointerId === event.pointerId) {
      if (cancelled) cancelStroke();
      else finishStroke();
      if (event.pointerType === 'touch') placeCursor(null);
    }
    if (event.pointerType !== 'touch') return;
    touches.current.delete(event.pointerId);
    const after = gesture.current;
    if (after.kind === 'pinch' && after.ids.includes(event.pointerId)) gesture.current = { kind: 'settle' };
    if (gesture.current.kind === 'settle' && touches.current.size === 0) gesture.current = { kind: 'idle' };
  };

  const onPointerLeave = (event: ReactPointerEvent<HTMLDivElement>) => {
    if (event.pointerType !== 'touch' && gesture.current.kind !== 'draw') placeCursor(null);
  };

  // --- wheel: a native listener, React's is passive and cannot keep the page from zooming ----

  useEffect(() => {
    const element = surfaceEl.current;
    if (!element) return;
    const onWheel = (event: WheelEvent) => {
      const current = viewRef.current;
      const surface = surfaceRef.current;
      if (event.ctrlKey || event.metaKey) {
        event.preventDefault();
        const box = element.getBoundingClientRect();
        const anchor = { x: event.clientX - box.left, y: event.clientY - box.top };
        applyView(zoomAt(current, current.zoom * wheelZoomFactor(event.deltaY, event.deltaMode), anchor, surface, image));
      } else if (current.zoom > MIN_ZOOM) {
        // Zoomed in, the wheel (or two fingers on a trackpad) moves the photo; at fit it scrolls the page.
        event.preventDefault();
        applyView(panBy(current, -wheelPixels(event.deltaX, event.deltaMode), -wheelPixels(event.deltaY, event.deltaMode), surface, image));
      }
    };
    element.addEventListener('wheel', onWheel, { passive: false });
    return () => element.removeEventListener('wheel', onWheel);
  }, [applyView, image, viewRef]);

  return {
    surfaceEl,
    cursorEl,
    surfaceRef,
    surfaceSize,
    /** Whether a stroke is being drawn (commands wait for it). */
    drawing: () => gesture.current.kind === 'draw',
    handlers: {
      onPointerDown,
      onPointerMove,
      onPointerUp: (event: ReactPointerEvent<HTMLDivElement>) => endPointer(event, false),
      onPointerCancel: (event: ReactPointerEvent<HTMLDivElement>) => endPointer(event, true),
      onLostPointerCapture: (event: ReactPointerEvent<HTMLDivElement>) => endPointer(event, false),
      onPointerLeave,
      onContextMenu: (event: ReactMouseEvent<HTMLDivElement>) => event.preventDefault(),
    },
  };
}
