/**
 * The tutorial overlay (docs/product-rules.md#tutorial): a 60 % black backdrop with a rounded cut-out
 * around the step's target, and a tooltip with the step's title, content, 'Bước n / total',
 * Previous / Next (Finish on the last step) / Skip, the auto-advance countdown and key hints.
 * It renders the controller's snapshots and forwards keys and backdrop presses to it.
 *
 * Driving it (tests, e2e): the tooltip is `role="dialog"` named by the step's title; its buttons
 * are named 'Bước trước', 'Tiếp theo', 'Hoàn tất', 'Bỏ qua' (Previous, Next, Finish, Skip in
 * English).
 * Stable test ids: `tutorial-overlay` (data-status, data-phase, data-step), `tutorial-backdrop`
 * (the dimmed area: a press skips when allowed), `tutorial-cutout` (the ring around the hole;
 * x, y, width, height, rx), `tutorial-blocker` (over the target with `disableInteraction`),
 * `tutorial-tooltip` (data-side), `tutorial-progress`, `tutorial-countdown`.
 */
import { useCallback, useEffect, useId, useLayoutEffect, useRef, useState, useSyncExternalStore, type RefObject } from 'react';
import { createPortal } from 'react-dom';
import { Trans, useLingui } from '@lingui/react/macro';
import { visuallyHidden } from '../../ui/a11y.css.ts';
import { button } from '../../ui/button.ts';
import { useFocusTrap } from '../../ui/focus-trap.ts';
import { useMediaQuery } from '../../lib/use-media-query.ts';
import type { TutorialController, TutorialSnapshot } from './controller.ts';
import { cutoutPath, highlightRect, placeTooltip, type Rect, type Size } from './geometry.ts';
import { TUTORIAL, type TutorialStep, type TutorialText } from './types.ts';
import { useTutorialSnapshot } from './use-tutorial.ts';
import * as s from './tutorial.css.ts';

const REDUCED_MOTION = '(prefers-reduced-motion: reduce)';

export function TutorialOverlay({ controller }: { controller: TutorialController }) {
  const snapshot = useTutorialSnapshot(controller);
  const reducedMotion = useMediaQuery(REDUCED_MOTION);
  if (snapshot.status === 'inactive' || typeof document === 'undefined') return null;
  // Without motion the overlay leaves at once; the tour still ends when the fade time is over.
  if (snapshot.status === 'finishing' && reducedMotion) return null;
  return createPortal(<Overlay controller={controller} snapshot={snapshot} reducedMotion={reducedMotion} />, document.body);
}

function viewportSize(): Size {
  // clientWidth/Height leave out the scroll bars, like the fixed layers the overlay draws in.
  const root = document.documentElement;
  return { width: root.clientWidth || window.innerWidth, height: root.clientHeight || window.innerHeight };
}

function useViewportSize(): Size {
  const [size, setSize] = useState(viewportSize);
  useEffect(() => {
    const update = () =>
      setSize((previous) => {
        const next = viewportSize();
        return next.width === previous.width && next.height === previous.height ? previous : next;
      });
    window.addEventListener('resize', update);
    return () => window.removeEventListener('resize', update);
  }, []);
  return size;
}

function findElement(selector: string): Element | null {
  try {
    return document.querySelector(selector);
  } catch {
    return null;
  }
}

/**
 * The element to highlight: the one the controller found, or, when the page re-rendered it, its
 * replacement under the same selector. A step the controller showed centred stays centred.
 */
function resolveTarget(step: TutorialStep | null, target: Element | null): Element | null {
  if (!step || !target) return null;
  if (target.isConnected) return target;
  return step.target ? findElement(step.target) : null;
}

function sameRect(a: Rect | null, b: Rect | null): boolean {
  if (!a || !b) return a === b;
  return a.top === b.top && a.left === b.left && a.width === b.width && a.height === b.height;
}

/** Calls `onChange` at most once a frame. */
function throttled(onChange: () => void): { schedule: () => void; cancel: () => void } {
  let frame = 0;
  return {
    schedule: () => {
      if (frame) return;
      frame = requestAnimationFrame(() => {
        frame = 0;
        onChange();
      });
    },
    cancel: () => {
      if (frame) cancelAnimationFrame(frame);
    },
  };
}

/** The target's rectangle, measured again on resize, on any scroll and when the target resizes. */
function useTargetRect(step: TutorialStep | null, target: Element | null): Rect | null {
  // The last measure, returned again while nothing moved (useSyncExternalStore needs that).
  const last = useRef<Rect | null>(null);
  const getSnapshot = useCallback(() => {
    const box = resolveTarget(step, target)?.getBoundingClientRect();
    // A target with no box (hidden, e.g. a collapsed panel) leaves the step centred.
    const next = box && (box.width > 0 || box.height > 0) ? { top: box.top, left: box.left, width: box.width, height: box.height } : null;
    if (!sameRect(last.current, next)) last.current = next;
    return last.current;
  }, [step, target]);
  const subscribe = useCallback(
    (onChange: () => void) => {
      const { schedule, cancel } = throttled(onChange);
      window.addEventListener('resize', schedule);
      // Capture: scrolls of any scrolling container move the target too.
      window.addEventListener('scroll', schedule, true);
      const element = resolveTarget(step, target);
      const observer = element && typeof ResizeObserver !== 'undefined' ? new ResizeObserver(schedule) : null;
      if (element) observer?.observe(element);
      return () => {
        cancel();
        window.removeEventListener('resize', schedule);
        window.removeEventListener('scroll', schedule, true);
        observer?.disconnect();
      };
    },
    [step, target],
  );
  return useSyncExternalStore(subscribe, getSnapshot, () => null);
}

/** A target off screen is scrolled into view when its step appears; the scroll then re-measures. */
function useScrollIntoView(step: TutorialStep | null, target: Element | null, reducedMotion: boolean): void {
  useEffect(() => {
    const element = resolveTarget(step, target);
    if (!element) return;
    const box = element.getBoundingClientRect();
    const { width, height } = viewportSize();
    if (box.top < 0 || box.left < 0 || box.bottom > height || box.right > width) {
      element.scrollIntoView?.({ block: 'center', inline: 'nearest', behavior: reducedMotion ? 'auto' : 'smooth' });
    }
  }, [step, target, reducedMotion]);
}

/** The tooltip's rendered size (it grows with its text), or null before it is on screen. */
function useElementSize(ref: RefObject<HTMLElement | null>, key: string | undefined): Size | null {
  const last = useRef<Size | null>(null);
  const getSnapshot = useCallback(() => {
    const element = ref.current;
    if (!element || element.offsetWidth === 0 || element.offsetHeight === 0) return last.current;
    const { offsetWidth: width, offsetHeight: height } = element;
    if (last.current?.width !== width || last.current.height !== height) last.current = { width, height };
    return last.current;
  }, [ref]);
  const subscribe = useCallback(
    (onChange: () => void) => {
      // `key` (the step) re-subscribes when the tooltip element appears or is replaced.
      const element = key === undefined ? null : ref.current;
      if (!element || typeof ResizeObserver === 'undefined') return () => undefined;
      const { schedule, cancel } = throttled(onChange);
      const observer = new ResizeObserver(schedule);
      observer.observe(element);
      return () => {
        cancel();
        observer.disconnect();
      };
    },
    [ref, key],
  );
  return useSyncExternalStore(subscribe, getSnapshot, () => null);
}

interface OverlayProps {
  controller: TutorialController;
  snapshot: TutorialSnapshot;
  reducedMotion: boolean;
}

function Overlay({ controller, snapshot, reducedMotion }: OverlayProps) {
  const { i18n, t } = useLingui();
  const { status, phase, config, step, index, total, countdown, target } = snapshot;
  const titleId = useId();
  const contentId = useId();
  const tooltipRef = useRef<HTMLDivElement>(null);
  const viewport = useViewportSize();
  const targetRect = useTargetRect(step, target);
  useScrollIntoView(step, target, reducedMotion);
  const fading = status === 'finishing';
  const text = (value: TutorialText) => (typeof value === 'string' ? value : i18n._(value));

  const padding = step?.highlightPadding ?? TUTORIAL.highlightPadding;
  const radius = step?.highlightRadius ?? TUTORIAL.highlightRadius;
  const hole = step && targetRect ? highlightRect(targetRect, padding) : null;

  // Placed with its measured size; before the first measure, with the usual 320×200 (docs/product-rules.md#tutorial-numbers).
  const measured = useElementSize(tooltipRef, step?.id);
  const tooltipSize = measured ?? {
    width: Math.min(TUTORIAL.tooltipWidth, viewport.width - 2 * TUTORIAL.viewportMargin),
    height: TUTORIAL.tooltipHeight,
  };
  const position = step ? placeTooltip({ highlight: hole, tooltip: tooltipSize, viewport, placement: step.placement, offset: step.offset }) : null;

  // What the document-wide listeners need, kept current without re-subscribing.
  const live = useRef({ step });
  useLayoutEffect(() => {
    live.current = { step };
  });

  // Keys go to the controller; Tab stays in the tooltip; focus goes back where it was at the end.
  // Focus that leaves the tooltip another way comes back, except into a target the step lets
  // the user use (and into toasts, as in every trap).
  useFocusTrap(tooltipRef, {
    lockScroll: false,
    focusOnOpen: false,
    containerIsFirst: true,
    onKey: (event) => {
      if (controller.handleKey(event)) event.preventDefault();
    },
    strayFocusTarget: () => tooltipRef.current,
    allowOutside: (focused) => {
      const { step: current } = live.current;
      const element = current?.target && !current.disableInteraction ? findElement(current.target) : null;
      return element?.contains(focused) ?? false;
    },
  });

  // Each step moves focus into the tooltip unless it is already there (a kept Next button).
  const stepId = phase === 'shown' ? step?.id : undefined;
  useEffect(() => {
    const tooltip = tooltipRef.current;
    if (stepId && tooltip && !tooltip.contains(document.activeElement)) tooltip.focus();
  }, [stepId]);

  // Step changes after the first are announced (the first is read when focus enters the dialog);
  // a language switch on the same step is not.
  const n = index + 1;
  const stepTitle = step ? text(step.title) : '';
  const [announcement, setAnnouncement] = useState('');
  const nextAnnouncement = useRef('');
  useLayoutEffect(() => {
    nextAnnouncement.current = t`Bước ${n} / ${total}: ${stepTitle}`;
  });
  const firstStep = useRef<string | null>(null);
  useEffect(() => {
    if (!stepId) return;
    if (firstStep.current === null) firstStep.current = stepId;
    else setAnnouncement(nextAnnouncement.current);
  }, [stepId]);

  const allowSkip = config?.allowSkip !== false;
  const isLast = index === total - 1;
  const showSkip = allowSkip && step?.showSkip !== false;
  const showPrevious = index > 0 && step?.showPrevious !== false;
  const fadeClass = fading ? ` ${s.fading}` : '';

  return (
    <div data-testid="tutorial-overlay" data-status={status} data-phase={phase} data-step={step?.id}>
      <svg className={s.backdrop + fadeClass} aria-hidden="true" focusable="false" data-testid="tutorial-backdrop-layer">
        <path
          className={s.backdropShade}
          d={cutoutPath(viewport, hole, radius)}
          fillRule="evenodd"
          data-testid="tutorial-backdrop"
          onClick={() => controller.handleBackdropClick()}
        />
        {hole && (
          <rect
            className={s.ring}
            x={hole.left}
            y={hole.top}
            width={hole.width}
            height={hole.height}
            rx={Math.min(radius, hole.width / 2, hole.height / 2)}
            data-testid="tutorial-cutout"
          />
        )}
      </svg>
      {hole && step?.disableInteraction && (
        <div
          className={s.blocker + fadeClass}
          style={{ top: hole.top, left: hole.left, width: hole.width, height: hole.height }}
          data-testid="tutorial-blocker"
          aria-hidden="true"
        />
      )}
      {step && position && (
        <div
          ref={tooltipRef}
          className={`${s.tooltip}${fadeClass}${step.customClass ? ` ${step.customClass}` : ''}`}
          style={{ top: position.top, left: position.left }}
          role="dialog"
          aria-modal="true"
          aria-labelledby={titleId}
          aria-describedby={contentId}
          tabIndex={-1}
          data-testid="tutorial-tooltip"
          data-side={position.side}
        >
          <div className={s.header}>
            <p className={s.progress} data-testid="tutorial-progress">
              <Trans>
                Bước {n} / {total}
              </Trans>
            </p>
            {showSkip && (
              <button type="button" className={s.skip} onClick={() => controller.skip()}>
                <Trans>Bỏ qua</Trans>
              </button>
            )}
          </div>
          <h2 id={titleId} className={s.title}>
            {stepTitle}
          </h2>
          <p id={contentId} className={s.content}>
            {text(step.content)}
          </p>
          {countdown !== null && (
            <p className={s.countdown} data-testid="tutorial-countdown">
              {isLast ? <Trans>Tự động kết thúc sau {countdown} giây</Trans> : <Trans>Tự động chuyển sau {countdown} giây</Trans>}
            </p>
          )}
          <div className={s.actions}>
            {showPrevious && (
              <button type="button" className={button({ variant: 'secondary', size: 'md' })} onClick={() => controller.previous()}>
                <Trans>Bước trước</Trans>
              </button>
            )}
            {/* One button for Next and Finish, so focus stays on it from step to step. */}
            <button type="button" className={button({ variant: 'primary', size: 'md' })} onClick={() => (isLast ? controller.finish() : controller.next())}>
              {isLast ? <Trans>Hoàn tất</Trans> : <Trans>Tiếp theo</Trans>}
            </button>
          </div>
          <p className={s.hints}>
            {allowSkip ? (
              <Trans>
                <kbd>←</kbd> <kbd>→</kbd> để di chuyển, <kbd>Esc</kbd> để bỏ qua
              </Trans>
            ) : (
              <Trans>
                <kbd>←</kbd> <kbd>→</kbd> để di chuyển
              </Trans>
            )}
          </p>
        </div>
      )}
      <p className={visuallyHidden} aria-live="polite" aria-atomic="true">
        {announcement}
      </p>
    </div>
  );
}
