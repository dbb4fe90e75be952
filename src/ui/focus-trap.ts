import { useEffect, useLayoutEffect, useRef, useState, type RefObject } from 'react';

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), video[controls], [tabindex]:not([tabindex="-1"])';

/** The controls Tab reaches inside a container, in order: rendered and not hidden. */
export function focusables(container: HTMLElement | null): HTMLElement[] {
  if (!container) return [];
  return Array.from(container.querySelectorAll<HTMLElement>(FOCUSABLE)).filter((element) => !element.hidden && element.getClientRects().length > 0);
}

/**
 * Open focus traps, innermost last. Each trap listens on the document; only the innermost one
 * acts on Escape, Tab and stray focus, so a dialog opened from a dialog closes alone and the
 * outer one does not pull focus back out of it.
 */
const openTraps: symbol[] = [];

export interface FocusTrapOptions {
  /** The trap is on while true (a component that stays mounted while closed); default true. */
  active?: boolean;
  /** Escape calls it (unless an inner popup handled Escape first); without it Escape is left alone. */
  onEscape?: () => void;
  /** Any other key pressed anywhere while this trap is the innermost one (a tour's arrow keys). */
  onKey?: (event: KeyboardEvent) => void;
  /** Locks the page's scroll while on; default true. */
  lockScroll?: boolean;
  /** Focused on opening; default the container itself (so a touch keyboard does not pop up). */
  initialFocus?: RefObject<HTMLElement | null>;
  /** Moves focus on opening (default true); false where the layer focuses itself later. */
  focusOnOpen?: boolean;
  /** Where focus goes on closing: the element focused before opening (default), another one, or nowhere. */
  returnFocus?: boolean | RefObject<HTMLElement | null>;
  /** Where focus that strayed outside comes back to; default the first control, else the container. */
  strayFocusTarget?: () => HTMLElement | null;
  /** Focus that moves to an element outside the trap and passes this test stays there. */
  allowOutside?: (element: Element) => boolean;
  /** Shift+Tab from the container itself wraps to the last control (a tooltip focused as a whole). */
  containerIsFirst?: boolean;
}

/**
 * The one focus trap of modal layers (dialogs, drawers, full-screen menus, the tour's tooltip):
 * Tab and Shift+Tab cycle inside the container, focus that leaves another way (a screen reader's
 * cursor, a click) comes back unless it went to a toast (toasts sit above and may hold an
 * action), Escape closes, the page does not scroll behind it, and focus returns on closing.
 */
export function useFocusTrap(containerRef: RefObject<HTMLElement | null>, options: FocusTrapOptions = {}): void {
  const { active = true, lockScroll = true } = options;
  // The latest callbacks and targets, without re-subscribing on every render.
  const live = useRef(options);
  useLayoutEffect(() => {
    live.current = options;
  });
  // What had focus when the layer was first rendered open: read before its content can take
  // focus (a form focusing its first field as it mounts).
  const [openedFrom] = useState(() => (active && typeof document !== 'undefined' ? document.activeElement : null));
  const firstOpening = useRef(true);

  useEffect(() => {
    if (!active) return;
    const id = Symbol('focus-trap');
    openTraps.push(id);
    const isTop = () => openTraps.at(-1) === id;
    const { returnFocus = true, initialFocus, focusOnOpen = true } = live.current;
    const before = firstOpening.current && openedFrom ? openedFrom : document.activeElement;
    firstOpening.current = false;
    const returnTarget = returnFocus === false ? null : returnFocus === true ? (before instanceof HTMLElement ? before : null) : returnFocus.current;
    const { overflow } = document.body.style;
    if (lockScroll) document.body.style.overflow = 'hidden';
    // Content that took focus as it mounted keeps it.
    if (focusOnOpen && !containerRef.current?.contains(document.activeElement)) (initialFocus?.current ?? containerRef.current)?.focus();

    const onKeyDown = (event: KeyboardEvent) => {
      if (!isTop() || event.defaultPrevented) return;
      const container = containerRef.current;
      if (event.key === 'Escape' && live.current.onEscape) {
        event.preventDefault();
        live.current.onEscape();
        return;
      }
      if (event.key !== 'Tab') {
        live.current.onKey?.(event);
        return;
      }
      const items = focusables(container);
      const first = items[0];
      const last = items.at(-1);
      if (!container || !first || !last) {
        event.preventDefault();
        return;
      }
      const focused = document.activeElement;
      const outside = !container.contains(focused);
      const atStart = focused === first || (live.current.containerIsFirst === true && focused === container);
      if (event.shiftKey && (atStart || outside)) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && (focused === last || outside)) {
        event.preventDefault();
        first.focus();
      }
    };
    const onFocusIn = (event: FocusEvent) => {
      const container = containerRef.current;
      const target = event.target;
      if (!isTop() || !container || !(target instanceof Element) || container.contains(target)) return;
      if (target.closest('[data-sonner-toaster]') || live.current.allowOutside?.(target)) return;
      (live.current.strayFocusTarget?.() ?? focusables(container)[0] ?? container).focus();
    };
    document.addEventListener('keydown', onKeyDown);
    document.addEventListener('focusin', onFocusIn);
    return () => {
      openTraps.splice(openTraps.indexOf(id), 1);
      if (lockScroll) document.body.style.overflow = overflow;
      document.removeEventListener('keydown', onKeyDown);
      document.removeEventListener('focusin', onFocusIn);
      if (returnTarget?.isConnected) returnTarget.focus();
    };
    // Runs once per opening: the initial and return targets are read then, as a dialog does.
  }, [active, lockScroll, containerRef, openedFrom]);
}
