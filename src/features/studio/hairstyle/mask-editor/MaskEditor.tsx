import { useCallback, useEffect, useId, useImperativeHandle, useLayoutEffect, useRef, useState, type PointerEvent as ReactPointerEvent, type Ref } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { notify } from '../../../../lib/toast.ts';
import { button } from '../../../../ui/button.css.ts';
import { BrushIcon, CheckIcon, ClearIcon, EraserIcon, FitIcon, OverlayIcon, RedoIcon, UndoIcon, ZoomInIcon, ZoomOutIcon } from './icons.tsx';
import { maskToPng, paintOverlay } from './mask-canvas.ts';
import {
  brushSizeRange,
  canRedo,
  canUndo,
  clearAll,
  commitStroke,
  EMPTY_HISTORY,
  fittedView,
  MAX_ZOOM,
  MIN_MASK_COVERAGE,
  MIN_ZOOM,
  panBy,
  pinchView,
  redo,
  resizeView,
  screenToImage,
  shouldAppendPoint,
  stepBrushSize,
  undo,
  viewScale,
  visibleStrokes,
  wheelPixels,
  wheelZoomFactor,
  zoomAt,
  zoomBy,
  ZOOM_STEP,
  type History,
  type PinchStart,
  type Point,
  type Size,
  type Stroke,
  type Tool,
  type View,
} from './mask-model.ts';
import { MaskRaster, strokePixelRect } from './mask-raster.ts';
import * as s from './mask-editor.css.ts';

export interface MaskEditorHandle {
  /**
   * The mask as a PNG Blob: the photo's natural size, opaque, white where the hair is to change
   * and black elsewhere. Rejects while the mask is empty. Shows no toast (the button does).
   */
  exportMask(): Promise<Blob>;
  /** Whether too little is painted to make a mask. */
  isEmpty(): boolean;
}

export interface MaskEditorProps {
  /** The portrait to paint over (an object URL before upload, or the asset's media URL). */
  imageUrl: string;
  /** The photo's natural size in pixels: the mask is painted and exported at this size. */
  imageWidth: number;
  imageHeight: number;
  /**
   * Called with the mask when the person presses "Tạo mặt nạ". The success toast shows once it
   * resolves; when it rejects, the caller reports its own error (an upload's, for instance).
   */
  onMaskReady?: (mask: Blob) => void | Promise<void>;
  /** Called after every change to the painting (stroke, undo, redo, clear): a mask made earlier is then out of date. */
  onChange?: (empty: boolean) => void;
  ref?: Ref<MaskEditorHandle>;
}

/**
 * The hair mask editor (spec §2 mask editor, §3 Hairstyle mask): paint over the hair to change.
 * One finger, a pen or the mouse draws (a pen's pressure thins the line); two fingers pinch to
 * zoom and pan; ctrl+wheel (or a trackpad pinch) zooms, the wheel pans once zoomed in. Brush and
 * eraser, size, undo/redo, clear, overlay toggle and zoom buttons, with the keys B, E, [, ],
 * Ctrl+Z, Ctrl+Shift+Z and Ctrl+Y.
 *
 * The painting restarts when another photo (or size) is given; a re-signed URL of the same
 * photo (another query string) keeps it.
 */
export function MaskEditor(props: MaskEditorProps) {
  const photoKey = `${props.imageUrl.split('?')[0]}#${props.imageWidth}x${props.imageHeight}`;
  return <Editor key={photoKey} {...props} />;
}

type Gesture =
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

function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable || target.tagName === 'TEXTAREA' || target.tagName === 'SELECT') return true;
  if (target.tagName !== 'INPUT') return false;
  return !['range', 'checkbox', 'radio', 'button', 'submit', 'reset', 'color', 'file'].includes((target as HTMLInputElement).type);
}

function Editor({ imageUrl, imageWidth, imageHeight, onMaskReady, onChange, ref }: MaskEditorProps) {
  const { t } = useLingui();
  const [image] = useState<Size>(() => ({ width: Math.max(1, Math.round(imageWidth)), height: Math.max(1, Math.round(imageHeight)) }));
  const [raster] = useState(() => new MaskRaster(image.width, image.height));
  const [range] = useState(() => brushSizeRange(image));

  const [tool, setTool] = useState<Tool>('brush');
  const [size, setSize] = useState(range.initial);
  const [overlayVisible, setOverlayVisible] = useState(true);
  const [history, setHistory] = useState<History>(EMPTY_HISTORY);
  const [view, setView] = useState<View>({ zoom: MIN_ZOOM, x: 0, y: 0 });
  const [surfaceSize, setSurfaceSize] = useState<Size>(ZERO);
  const [empty, setEmpty] = useState(true);
  const [revision, setRevision] = useState(0);
  const [exporting, setExporting] = useState(false);
  const [exportedRevision, setExportedRevision] = useState<number | null>(null);

  // Pointer and key handlers read the latest values from refs: a gesture spans many events,
  // and state set by one event is not rendered before the next arrives.
  const historyRef = useRef(history);
  const viewRef = useRef(view);
  const surfaceRef = useRef(surfaceSize);
  const toolRef = useRef(tool);
  const sizeRef = useRef(size);
  const gesture = useRef<Gesture>({ kind: 'idle' });
  const touches = useRef(new Map<number, Point>());
  const cursorAt = useRef<Point | null>(null);
  const onChangeRef = useRef(onChange);
  useLayoutEffect(() => {
    toolRef.current = tool;
    sizeRef.current = size;
    onChangeRef.current = onChange;
  });

  const rootRef = useRef<HTMLDivElement>(null);
  const surfaceEl = useRef<HTMLDivElement>(null);
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const cursorEl = useRef<HTMLDivElement>(null);
  const helpId = useId();
  const hintId = useId();
  const sizeId = useId();

  const applyView = useCallback((next: View) => {
    viewRef.current = next;
    setView(next);
  }, []);

  const applyHistory = useCallback((next: History) => {
    historyRef.current = next;
    setHistory(next);
  }, []);

  /** After a change to the painting is complete: emptiness, revision, the caller. */
  const settled = useCallback(() => {
    const isEmpty = raster.coverage() < MIN_MASK_COVERAGE;
    setEmpty(isEmpty);
    setRevision((r) => r + 1);
    onChangeRef.current?.(isEmpty);
  }, [raster]);

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
  }, [applyView, image]);

  // --- the brush cursor -----------------------------------------------------------------------

  const placeCursor = useCallback(
    (at: Point | null) => {
      cursorAt.current = at;
      drawCursor(cursorEl.current, at, sizeRef.current * viewScale(viewRef.current, surfaceRef.current, image));
    },
    [image],
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
    raster.replay(visibleStrokes(historyRef.current), rect);
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
  }, [applyView, image]);

  // --- commands ---------------------------------------------------------------------------------

  const doUndo = () => {
    const before = historyRef.current;
    const last = before.done.at(-1);
    if (!last || gesture.current.kind === 'draw') return;
    const next = undo(before);
    applyHistory(next);
    // Only the undone stroke's pixels can change; undoing a clear brings everything back.
    const rect = last.kind === 'stroke' ? strokePixelRect(last.stroke) : raster.bounds;
    raster.replay(visibleStrokes(next), rect);
    paintOverlay(canvasRef.current, raster, rect);
    settled();
  };

  const doRedo = () => {
    const before = historyRef.current;
    const operation = before.undone.at(-1);
    if (!operation || gesture.current.kind === 'draw') return;
    applyHistory(redo(before));
    // The redone step comes last, so painting it over the current mask equals a replay.
    if (operation.kind === 'stroke') paintOverlay(canvasRef.current, raster, raster.paintStroke(operation.stroke));
    else {
      raster.clear();
      paintOverlay(canvasRef.current, raster);
    }
    settled();
  };

  const doClear = () => {
    const before = historyRef.current;
    const next = clearAll(before);
    if (next === before || gesture.current.kind === 'draw') return;
    applyHistory(next);
    raster.clear();
    paintOverlay(canvasRef.current, raster);
    settled();
  };

  const zoomButton = (factor: number) => applyView(zoomBy(viewRef.current, factor, surfaceRef.current, image));
  const resetZoom = () => applyView(fittedView(surfaceRef.current, image));
  const changeSize = (direction: 1 | -1) => setSize((current) => stepBrushSize(current, direction, range));

  // The latest commands for the window's key listener, which is added once.
  const commands = useRef({ doUndo, doRedo, changeSize });
  useLayoutEffect(() => {
    commands.current = { doUndo, doRedo, changeSize };
  });

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.altKey || isTyping(event.target)) return;
      // A dialog over the editor owns the keyboard.
      const dialog = event.target instanceof Element ? event.target.closest('dialog, [role="dialog"], [role="alertdialog"]') : null;
      if (dialog && rootRef.current && !dialog.contains(rootRef.current)) return;
      const key = event.key.toLowerCase();
      if (event.ctrlKey || event.metaKey) {
        if (key === 'z') commands.current[event.shiftKey ? 'doRedo' : 'doUndo']();
        else if (key === 'y') commands.current.doRedo();
        else return;
      } else if (key === 'b') setTool('brush');
      else if (key === 'e') setTool('eraser');
      else if (key === '[') commands.current.changeSize(-1);
      else if (key === ']') commands.current.changeSize(1);
      else return;
      event.preventDefault();
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, []);

  // --- export -----------------------------------------------------------------------------------

  const exportMask = useCallback(async (): Promise<Blob> => {
    if (raster.coverage() < MIN_MASK_COVERAGE) throw new Error('The mask is empty: paint over the hair first');
    return maskToPng(raster);
  }, [raster]);

  useImperativeHandle(ref, () => ({ exportMask, isEmpty: () => raster.coverage() < MIN_MASK_COVERAGE }), [exportMask, raster]);

  const createMask = async () => {
    const at = revision;
    setExporting(true);
    try {
      let mask: Blob;
      try {
        mask = await exportMask();
      } catch {
        notify.error(t`Không tạo được mặt nạ. Vui lòng thử lại.`);
        return;
      }
      try {
        await onMaskReady?.(mask);
      } catch {
        // The caller reports its own failure (an upload's message, for instance).
        return;
      }
      setExportedRevision(at);
      notify.success(t`Tạo mặt nạ thành công`);
    } finally {
      setExporting(false);
    }
  };

  // --- render -----------------------------------------------------------------------------------

  const scale = viewScale(view, surfaceSize, image);
  const zoomPercent = Math.round(view.zoom * 100);
  const sizeText = `${size} px`;
  const undoLabel = t`Hoàn tác`;
  const redoLabel = t`Làm lại`;
  const clearLabel = t`Xóa toàn bộ mặt nạ`;
  const zoomInLabel = t`Phóng to`;
  const zoomOutLabel = t`Thu nhỏ`;
  const fitLabel = t`Vừa khung`;
  const overlayLabel = t`Hiện lớp phủ mặt nạ`;
  const brushLabel = t`Cọ tô`;
  const eraserLabel = t`Tẩy`;

  return (
    <div ref={rootRef} className={s.root} data-testid="mask-editor">
      <div className={s.toolbar} role="group" aria-label={t`Công cụ vẽ mặt nạ`}>
        <div className={s.group}>
          <button type="button" className={s.toolButton} aria-pressed={tool === 'brush'} aria-keyshortcuts="B" title={`${brushLabel} (B)`} onClick={() => setTool('brush')}>
            <BrushIcon />
            {brushLabel}
          </button>
          <button type="button" className={s.toolButton} aria-pressed={tool === 'eraser'} aria-keyshortcuts="E" title={`${eraserLabel} (E)`} onClick={() => setTool('eraser')}>
            <EraserIcon />
            {eraserLabel}
          </button>
        </div>
        <div className={s.sizeControl}>
          <label htmlFor={sizeId}>
            <Trans>Cỡ cọ</Trans>
          </label>
          <input
            id={sizeId}
            className={s.slider}
            type="range"
            min={range.min}
            max={range.max}
            step={1}
            value={size}
            aria-valuetext={sizeText}
            aria-keyshortcuts="[ ]"
            onChange={(event) => setSize(Number(event.currentTarget.value))}
          />
          <span className={s.readout} aria-hidden="true">
            {sizeText}
          </span>
        </div>
        <div className={s.group}>
          <button type="button" className={s.toolButton} aria-label={undoLabel} aria-keyshortcuts="Control+Z" title={`${undoLabel} (Ctrl+Z)`} disabled={!canUndo(history)} onClick={doUndo}>
            <UndoIcon />
          </button>
          <button
            type="button"
            className={s.toolButton}
            aria-label={redoLabel}
            aria-keyshortcuts="Control+Shift+Z Control+Y"
            title={`${redoLabel} (Ctrl+Shift+Z)`}
            disabled={!canRedo(history)}
            onClick={doRedo}
          >
            <RedoIcon />
          </button>
          <button type="button" className={s.toolButton} aria-label={clearLabel} title={clearLabel} disabled={visibleStrokes(history).length === 0} onClick={doClear}>
            <ClearIcon />
          </button>
          <button type="button" className={s.toolButton} aria-label={overlayLabel} title={overlayLabel} aria-pressed={overlayVisible} onClick={() => setOverlayVisible((on) => !on)}>
            <OverlayIcon />
          </button>
        </div>
        <div className={s.group}>
          <button type="button" className={s.toolButton} aria-label={zoomOutLabel} title={zoomOutLabel} disabled={view.zoom <= MIN_ZOOM} onClick={() => zoomButton(1 / ZOOM_STEP)}>
            <ZoomOutIcon />
          </button>
          <span className={s.readout} data-testid="mask-zoom">
            <span className={s.help}>
              <Trans>Thu phóng</Trans>
            </span>{' '}
            {zoomPercent}%
          </span>
          <button type="button" className={s.toolButton} aria-label={zoomInLabel} title={zoomInLabel} disabled={view.zoom >= MAX_ZOOM} onClick={() => zoomButton(ZOOM_STEP)}>
            <ZoomInIcon />
          </button>
          <button type="button" className={s.toolButton} aria-label={fitLabel} title={fitLabel} disabled={view.zoom <= MIN_ZOOM} onClick={resetZoom}>
            <FitIcon />
          </button>
        </div>
      </div>

      <div
        ref={surfaceEl}
        className={s.surface}
        style={{ aspectRatio: `${image.width} / ${image.height}` }}
        data-testid="mask-surface"
        data-tool={tool}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={(event) => endPointer(event, false)}
        onPointerCancel={(event) => endPointer(event, true)}
        onLostPointerCapture={(event) => endPointer(event, false)}
        onPointerLeave={onPointerLeave}
        onContextMenu={(event) => event.preventDefault()}
      >
        <div
          className={s.stage}
          role="img"
          aria-label={t`Ảnh chân dung để tô mặt nạ tóc`}
          aria-describedby={helpId}
          style={{ width: image.width, height: image.height, transform: `translate(${view.x}px, ${view.y}px) scale(${scale})` }}
        >
          <img className={s.photo} src={imageUrl} width={image.width} height={image.height} alt="" draggable={false} />
          <canvas
            ref={canvasRef}
            className={s.overlay}
            width={image.width}
            height={image.height}
            data-visible={overlayVisible}
            data-testid="mask-overlay"
          />
        </div>
        <div ref={cursorEl} className={s.cursor[tool]} hidden aria-hidden="true" />
      </div>
      <p id={helpId} className={s.help}>
        <Trans>Tô lên phần tóc muốn thay đổi bằng ngón tay, bút hoặc chuột. Dùng hai ngón tay để phóng to và di chuyển ảnh.</Trans>
      </p>

      <div className={s.footer}>
        <button
          type="button"
          className={button({ variant: 'accent' })}
          disabled={empty || exporting}
          aria-describedby={empty ? hintId : undefined}
          data-testid="mask-export"
          onClick={() => void createMask()}
        >
          {exporting ? <Trans>Đang tạo mặt nạ…</Trans> : <Trans>Tạo mặt nạ</Trans>}
        </button>
        {empty && (
          <p id={hintId} className={s.hint}>
            <Trans>Hãy tô lên phần tóc trước khi tạo mặt nạ.</Trans>
          </p>
        )}
        {/* Always present, so screen readers announce the confirmation when it appears. */}
        <p className={s.ready} role="status" data-testid="mask-status">
          {!empty && exportedRevision === revision && (
            <>
              <CheckIcon />
              <Trans>Mặt nạ đã sẵn sàng</Trans>
            </>
          )}
        </p>
      </div>
    </div>
  );
}
