/**
 * The image review dialog (docs/product-rules.md#review-dialog): a full-window viewer over a set
 * of images and videos.
 *
 * - next / previous: the side buttons, the left and right arrow keys, a horizontal swipe;
 * - zoom: the toolbar buttons, + and - keys (0 fits), the wheel, a double tap, a pinch;
 * - pan: a one-finger (or mouse) drag while zoomed;
 * - the counter 'n / total', the item's name, file size and dimensions;
 * - `renderActions` fills the top bar's action slot (download, use in…) for the item shown.
 *
 * Stable test ids: `review-dialog`, `review-counter`, `review-prev`, `review-next`,
 * `review-zoom-in`, `review-zoom-out`, `review-zoom-reset`, `review-stage` (`data-index`, `data-scale`),
 * `review-dialog-close`.
 */
import { useEffect, useId, useLayoutEffect, useRef, useState, type KeyboardEvent, type PointerEvent, type ReactNode } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { Asset } from '../../../contract/media.schema.ts';
import { useLocale } from '../../../lib/use-locale.ts';
import { formatBytes, formatDimensions, formatDuration } from '../../../lib/format.ts';
import { mediaSrc } from '../../../lib/media-src.ts';
import { capturePointer } from '../shared/pointer.ts';
import { IconChevronLeft } from '../../../ui/icons/media/IconChevronLeft.tsx';
import { IconChevronRight } from '../../../ui/icons/media/IconChevronRight.tsx';
import { CloseButton, Modal } from '../../../ui/Modal.tsx';
import { visuallyHidden } from '../../../ui/a11y.css.ts';
import {
  DOUBLE_TAP_SCALE,
  FITTED,
  fitSize,
  MIN_SCALE,
  panBy,
  pinchView,
  swipeDirection,
  WHEEL_ZOOM_PER_PX,
  ZOOM_STEP,
  zoomAt,
  type Point,
  type Size,
  type View,
} from './zoom.ts';
import { ZoomToolbar } from './ZoomToolbar.tsx';
import { failedMediaProps, MediaUnavailable, useMediaFailure } from '../../offline/MediaUnavailable.tsx';
import * as s from './review.css.ts';

/** Two taps within this time (ms) and distance (px) make a double tap. */
const DOUBLE_TAP_MS = 300;
const DOUBLE_TAP_SLOP_PX = 24;
/** A press that moved less than this (px) is a tap, not a drag. */
const TAP_SLOP_PX = 8;

export type ReviewItem = Pick<Asset, 'id' | 'name' | 'media_type' | 'mime' | 'width' | 'height' | 'bytes' | 'duration_seconds' | 'url' | 'poster_url'> &
  Partial<Pick<Asset, 'thumbnail_url'>>;

export interface ReviewDialogProps<T extends ReviewItem = Asset> {
  /** Mounted and shown while true. */
  open: boolean;
  onClose: () => void;
  items: readonly T[];
  /** The item shown first (default 0). */
  initialIndex?: number;
  onIndexChange?: (index: number) => void;
  /** Actions for the item shown (download, use in…), placed in the top bar. */
  renderActions?: (item: T, index: number) => ReactNode;
  /** A line about the item shown under its size (a result's "Không làm: …", docs/product-rules.md#engine-plan). */
  renderNote?: (item: T, index: number) => ReactNode;
}

export function ReviewDialog<T extends ReviewItem = Asset>(props: ReviewDialogProps<T>) {
  if (!props.open || typeof document === 'undefined') return null;
  return <Viewer {...props} />;
}

interface Gesture {
  /** Pointers down on the stage, by id, in stage-centre coordinates. */
  pointers: Map<number, Point>;
  /** The press that started a one-pointer gesture. */
  start: Point;
  startView: View;
  /** The two pointers at the start of a pinch. */
  pinchStart: [Point, Point] | null;
  /** This gesture had two fingers at some point: its end is no swipe. */
  pinched: boolean;
  moved: boolean;
  lastTap: { at: number; point: Point } | null;
}

function Viewer<T extends ReviewItem>({ onClose, items, initialIndex = 0, onIndexChange, renderActions, renderNote }: ReviewDialogProps<T>) {
  const { t } = useLingui();
  const { locale } = useLocale();
  const titleId = useId();
  const counterId = useId();
  const total = items.length;
  const [index, setIndex] = useState(() => Math.min(Math.max(0, initialIndex), Math.max(0, total - 1)));
  const current = Math.min(index, Math.max(0, total - 1));
  const item = items[current];
  const isImage = item?.media_type === 'image';
  const failure = useMediaFailure(item?.url, { offlineOnly: !isImage }); // offline and not kept: a message, never a broken image

  const stageRef = useRef<HTMLDivElement>(null);
  const [stage, setStage] = useState<Size>({ width: 0, height: 0 });
  const [view, setView] = useState<View>(FITTED);
  const [swipeDx, setSwipeDx] = useState(0);
  const gesture = useRef<Gesture>({
    pointers: new Map(),
    start: { x: 0, y: 0 },
    startView: FITTED,
    pinchStart: null,
    pinched: false,
    moved: false,
    lastTap: null,
  });

  // The view as last rendered, for gestures that start or change shape between renders.
  const viewRef = useRef(view);
  useLayoutEffect(() => {
    viewRef.current = view;
  });

  const fitted = item && isImage ? fitSize(item, stage) : { width: 0, height: 0 };
  const zoomed = view.scale > MIN_SCALE;

  // The stage's size decides the fitted size; it follows the window (rotation on a tablet).
  useLayoutEffect(() => {
    const element = stageRef.current;
    if (!element) return;
    const measure = () => setStage({ width: element.clientWidth, height: element.clientHeight });
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  const go = (next: number) => {
    if (next < 0 || next >= total || next === current) return;
    setIndex(next);
    setView(FITTED);
    setSwipeDx(0);
    onIndexChange?.(next);
  };

  // The neighbours load ahead, so next and previous show at once.
  useEffect(() => {
    for (const neighbour of [items[current - 1], items[current + 1]]) {
      if (neighbour?.media_type === 'image') new Image().src = mediaSrc(neighbour.url);
    }
  }, [items, current]);

  /** A point of a pointer event, from the stage's centre. */
  const stagePoint = (clientX: number, clientY: number): Point => {
    const rect = stageRef.current?.getBoundingClientRect();
    if (!rect) return { x: 0, y: 0 };
    return { x: clientX - rect.left - rect.width / 2, y: clientY - rect.top - rect.height / 2 };
  };

  const zoomTo = (scale: number, at: Point = { x: 0, y: 0 }) => {
    if (!isImage) return;
    setView((previous) => zoomAt(previous, scale, at, fitted, stage));
  };

  // The wheel zooms at the cursor; the listener is not passive so the page does not scroll.
  const wheelRef = useRef<(event: WheelEvent) => void>(() => undefined);
  useLayoutEffect(() => {
    wheelRef.current = (event: WheelEvent) => {
      if (!isImage) return;
      event.preventDefault();
      const at = stagePoint(event.clientX, event.clientY);
      setView((previous) => zoomAt(previous, previous.scale * Math.exp(-event.deltaY * WHEEL_ZOOM_PER_PX), at, fitted, stage));
    };
  });
  useEffect(() => {
    const element = stageRef.current;
    if (!element) return;
    const onWheel = (event: WheelEvent) => wheelRef.current(event);
    element.addEventListener('wheel', onWheel, { passive: false });
    return () => element.removeEventListener('wheel', onWheel);
  }, []);

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    // A video's own controls take their presses.
    if (!isImage || (event.pointerType === 'mouse' && event.button !== 0)) return;
    const g = gesture.current;
    const point = stagePoint(event.clientX, event.clientY);
    capturePointer(event.currentTarget, event.pointerId);
    g.pointers.set(event.pointerId, point);
    if (g.pointers.size === 1) {
      g.start = point;
      g.startView = viewRef.current;
      g.moved = false;
      g.pinchStart = null;
      g.pinched = false;
    } else if (g.pointers.size === 2) {
      const [a, b] = [...g.pointers.values()] as [Point, Point];
      g.pinchStart = [a, b];
      g.pinched = true;
      g.startView = viewRef.current;
      g.moved = true;
      setSwipeDx(0);
    }
  };

  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    const g = gesture.current;
    if (!g.pointers.has(event.pointerId)) return;
    const point = stagePoint(event.clientX, event.clientY);
    g.pointers.set(event.pointerId, point);
    if (g.pinchStart && g.pointers.size >= 2) {
      const [a, b] = [...g.pointers.values()] as [Point, Point];
      setView(pinchView(g.startView, g.pinchStart, [a, b], fitted, stage));
      return;
    }
    const dx = point.x - g.start.x;
    const dy = point.y - g.start.y;
    if (Math.hypot(dx, dy) > TAP_SLOP_PX) g.moved = true;
    if (g.startView.scale > MIN_SCALE) setView(panBy(g.startView, dx, dy, fitted, stage));
    else if (total > 1) setSwipeDx(dx);
  };

  const onPointerEnd = (event: PointerEvent<HTMLDivElement>, cancelled: boolean) => {
    const g = gesture.current;
    if (!g.pointers.has(event.pointerId)) return;
    const point = stagePoint(event.clientX, event.clientY);
    g.pointers.delete(event.pointerId);
    if (g.pointers.size > 0) {
      // One finger of a pinch lifted: the other one continues as a pan from here.
      const [rest] = [...g.pointers.values()] as [Point];
      g.start = rest;
      g.pinchStart = null;
      g.startView = viewRef.current;
      return;
    }
    setSwipeDx(0);
    if (cancelled) return;
    // A fast flick may bring no move event before the lift.
    if (Math.hypot(point.x - g.start.x, point.y - g.start.y) > TAP_SLOP_PX) g.moved = true;
    if (g.moved) {
      if (g.startView.scale === MIN_SCALE && !g.pinched) {
        const direction = swipeDirection(point.x - g.start.x, point.y - g.start.y);
        if (direction !== 0) go(current + direction);
      }
      return;
    }
    // A tap: the second one soon after the first, near it, toggles the zoom there.
    const last = g.lastTap;
    if (last && event.timeStamp - last.at < DOUBLE_TAP_MS && Math.hypot(point.x - last.point.x, point.y - last.point.y) < DOUBLE_TAP_SLOP_PX) {
      g.lastTap = null;
      if (view.scale > MIN_SCALE) setView(FITTED);
      else zoomTo(DOUBLE_TAP_SCALE, point);
      return;
    }
    g.lastTap = { at: event.timeStamp, point };
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const target = event.target as HTMLElement;
    // Keys typed in a field or given to a video (seek, volume) are theirs.
    if (event.defaultPrevented || target.closest('input, textarea, select, video, [contenteditable="true"]')) return;
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    const handled = (() => {
      switch (event.key) {
        case 'ArrowLeft':
          go(current - 1);
          return true;
        case 'ArrowRight':
          go(current + 1);
          return true;
        case '+':
        case '=':
          zoomTo(view.scale * ZOOM_STEP);
          return isImage;
        case '-':
          zoomTo(view.scale / ZOOM_STEP);
          return isImage;
        case '0':
          setView(FITTED);
          return isImage;
        default:
          return false;
      }
    })();
    if (handled) event.preventDefault();
  };

  if (!item) return null;

  const x = view.x + (zoomed ? 0 : swipeDx);
  const size = formatBytes(item.bytes, locale);
  const dimensions = formatDimensions(item.width, item.height);
  const duration = item.duration_seconds !== null ? formatDuration(item.duration_seconds) : null;
  const position = current + 1;
  const percent = Math.round(view.scale * 100);

  return (
    <Modal onClose={onClose} labelledBy={titleId} describedBy={counterId} size="full" closeOnBackdrop={false} testId="review-dialog" onKeyDown={onKeyDown}>
      <div className={s.topBar}>
        <div className={s.info}>
          <h2 id={titleId} className={s.name} title={item.name}>
            {item.name}
          </h2>
          <p className={s.meta}>
            <span>
              <Trans>{dimensions} px</Trans>
            </span>
            <span>{size}</span>
            {duration ? <span>{duration}</span> : null}
          </p>
          {renderNote ? (
            <p className={s.meta} data-testid="review-note">
              {renderNote(item, current)}
            </p>
          ) : null}
        </div>
        <span id={counterId} className={s.counter} aria-live="polite" data-testid="review-counter">
          {total > 1 ? (
            <>
              <span aria-hidden="true">
                {position} / {total}
              </span>
              <span className={visuallyHidden}>
                <Trans>
                  Mục {position} trên {total}
                </Trans>
              </span>
            </>
          ) : null}
        </span>
        {renderActions ? <div className={s.actions}>{renderActions(item, current)}</div> : null}
        <CloseButton onClose={onClose} testId="review-dialog-close" className={s.closeArea} />
      </div>

      <div
        ref={stageRef}
        className={s.stage}
        data-testid="review-stage"
        data-index={current}
        data-scale={view.scale}
        data-zoomed={zoomed}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={(event) => onPointerEnd(event, false)}
        onPointerCancel={(event) => onPointerEnd(event, true)}
      >
        {failure.failed ? (
          <MediaUnavailable {...failedMediaProps(failure, item)} overlay />
        ) : isImage ? (
          <img
            key={item.id}
            className={s.mediaElement}
            src={mediaSrc(item.url)}
            alt={item.name}
            draggable={false}
            onError={failure.onError}
            style={{
              width: fitted.width || undefined,
              height: fitted.height || undefined,
              maxHeight: fitted.width ? undefined : '100%',
              transform: `translate(-50%, -50%) translate(${x}px, ${view.y}px) scale(${view.scale})`,
            }}
          />
        ) : (
          // oxlint-disable-next-line jsx-a11y/media-has-caption -- uploaded and generated clips come without caption tracks
          <video
            key={item.id}
            className={s.video}
            src={mediaSrc(item.url)}
            poster={item.poster_url ? mediaSrc(item.poster_url) : undefined}
            controls
            playsInline
            preload="metadata"
            aria-label={item.name}
            onError={failure.onError}
          />
        )}
        {total > 1 ? (
          <>
            <button
              type="button"
              className={s.prev}
              disabled={current === 0}
              aria-label={t`Mục trước`}
              data-testid="review-prev"
              onClick={() => go(current - 1)}
              onPointerDown={(event) => event.stopPropagation()}
            >
              <IconChevronLeft size={24} />
            </button>
            <button
              type="button"
              className={s.next}
              disabled={current === total - 1}
              aria-label={t`Mục tiếp theo`}
              data-testid="review-next"
              onClick={() => go(current + 1)}
              onPointerDown={(event) => event.stopPropagation()}
            >
              <IconChevronRight size={24} />
            </button>
          </>
        ) : null}
      </div>

      {isImage && !failure.failed ? <ZoomToolbar scale={view.scale} percent={percent} onZoom={zoomTo} onFit={() => setView(FITTED)} /> : null}
    </Modal>
  );
}
