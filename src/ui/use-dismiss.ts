import { useEffect, useLayoutEffect, useRef, type RefObject } from 'react';

interface DismissOptions {
  /** Whether the popup is open; listeners exist only while it is. */
  open: boolean;
  /** The element that holds the trigger and the popup: a press inside it does not dismiss. */
  containerRef: RefObject<HTMLElement | null>;
  onDismiss: (reason: 'outside' | 'escape') => void;
  /** Escape also dismisses (and is marked handled, so an outer popup keeps its own). */
  escape?: boolean;
}

/** Closes a dropdown, menu or disclosure on a pointer press outside it and, optionally, on Escape. */
export function useDismiss({ open, containerRef, onDismiss, escape = true }: DismissOptions): void {
  // The latest callback, without re-subscribing on every render.
  const dismiss = useRef(onDismiss);
  useLayoutEffect(() => {
    dismiss.current = onDismiss;
  });

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!containerRef.current?.contains(event.target as Node)) dismiss.current('outside');
    };
    const onKeyDown = (event: KeyboardEvent) => {
      // An inner popup that handled Escape first marks it, so only the innermost one closes.
      if (event.key !== 'Escape' || event.defaultPrevented) return;
      event.preventDefault();
      dismiss.current('escape');
    };
    document.addEventListener('pointerdown', onPointerDown);
    if (escape) document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('pointerdown', onPointerDown);
      document.removeEventListener('keydown', onKeyDown);
    };
  }, [open, escape, containerRef]);
}
