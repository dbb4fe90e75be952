import { useRef, type ReactNode, type RefObject } from 'react';
import { createPortal } from 'react-dom';
import { useFocusTrap } from './focus-trap.ts';
import { backdrop } from './modal.css.ts';
import * as s from './drawer.css.ts';

export interface DrawerProps {
  id?: string;
  /** The drawer's accessible name. */
  label: string;
  onClose: () => void;
  /** The edge it slides from (default the start, left). */
  side?: 'start' | 'end';
  /** Focused on opening (usually its close button); the panel itself when absent. */
  initialFocusRef?: RefObject<HTMLElement | null>;
  /** Where focus goes on closing (the button that opened it); default what had focus before. */
  returnFocusRef?: RefObject<HTMLElement | null>;
  className?: string;
  testId?: string;
  children: ReactNode;
}

/**
 * A modal side panel: the page dims behind it and does not scroll, focus stays inside, Escape
 * or a press on the dimmed area close it, and focus then returns. The caller mounts it while open.
 */
export function Drawer({ id, label, onClose, side = 'start', initialFocusRef, returnFocusRef, className, testId, children }: DrawerProps) {
  const panelRef = useRef<HTMLDivElement>(null);
  useFocusTrap(panelRef, {
    onEscape: onClose,
    initialFocus: initialFocusRef,
    returnFocus: returnFocusRef ?? true,
    strayFocusTarget: () => initialFocusRef?.current ?? null,
  });
  return createPortal(
    <div className={s.root}>
      <button type="button" className={backdrop} tabIndex={-1} aria-hidden="true" onClick={onClose} />
      <div
        ref={panelRef}
        id={id}
        className={className ? `${s.side[side]} ${className}` : s.side[side]}
        role="dialog"
        aria-modal="true"
        aria-label={label}
        tabIndex={-1}
        data-testid={testId}
      >
        {children}
      </div>
    </div>,
    document.body,
  );
}
