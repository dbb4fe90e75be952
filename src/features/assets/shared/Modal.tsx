import { useEffect, useLayoutEffect, useRef, type KeyboardEventHandler, type ReactNode, type RefObject } from 'react';
import { createPortal } from 'react-dom';
import { useLingui } from '@lingui/react/macro';
import { IconClose } from '../../../ui/icons/index.ts';
import * as s from './modal.css.ts';

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), video[controls], [tabindex]:not([tabindex="-1"])';

export function focusables(container: HTMLElement | null): HTMLElement[] {
  if (!container) return [];
  return Array.from(container.querySelectorAll<HTMLElement>(FOCUSABLE)).filter((element) => element.getClientRects().length > 0);
}

/**
 * Open modals, innermost last. Each modal listens on the document; only the innermost one acts
 * on Escape, Tab and stray focus, so a dialog opened from a dialog (the download options over
 * the review viewer) closes alone and the outer one does not pull focus back out of it.
 */
const openModals: symbol[] = [];

export interface ModalProps {
  onClose: () => void;
  /** id of the element that names the dialog (its heading). */
  labelledBy: string;
  describedBy?: string;
  /** compact: a small form; wide: the picker; full: the whole window (the review viewer). */
  size?: 'compact' | 'wide' | 'full';
  /** Focused on opening; the dialog itself when absent (so a touch keyboard does not pop up). */
  initialFocusRef?: RefObject<HTMLElement | null>;
  /** A press on the dimmed area closes (default true). */
  closeOnBackdrop?: boolean;
  testId?: string;
  /** Shortcut keys of the dialog (keys from inside it, before Escape and Tab are handled). */
  onKeyDown?: KeyboardEventHandler<HTMLDivElement>;
  children: ReactNode;
}

/**
 * A modal dialog on the `modal` layer (spec §9): portalled to <body>, page scroll locked, Tab
 * trapped inside, Escape and a press outside close it, focus returns where it was on closing.
 * The caller mounts it while open.
 */
export function Modal({ onClose, labelledBy, describedBy, size = 'compact', initialFocusRef, closeOnBackdrop = true, testId, onKeyDown, children }: ModalProps) {
  const dialogRef = useRef<HTMLDivElement>(null);
  const closeRef = useRef(onClose);
  useLayoutEffect(() => {
    closeRef.current = onClose;
  });

  useEffect(() => {
    const id = Symbol('modal');
    openModals.push(id);
    const isTop = () => openModals.at(-1) === id;
    const returnTarget = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const { overflow } = document.body.style;
    document.body.style.overflow = 'hidden';
    (initialFocusRef?.current ?? dialogRef.current)?.focus();

    const onDocumentKeyDown = (event: KeyboardEvent) => {
      if (!isTop() || event.defaultPrevented) return;
      if (event.key === 'Escape') {
        event.preventDefault();
        closeRef.current();
        return;
      }
      if (event.key !== 'Tab') return;
      const items = focusables(dialogRef.current);
      const first = items[0];
      const last = items.at(-1);
      const inside = dialogRef.current?.contains(document.activeElement) ?? false;
      if (!first || !last) {
        event.preventDefault();
        return;
      }
      if (event.shiftKey && (document.activeElement === first || !inside)) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && (document.activeElement === last || !inside)) {
        event.preventDefault();
        first.focus();
      }
    };
    // Focus that leaves another way (a screen reader's cursor, a click) comes back, unless it
    // went to a toast: toasts sit above modals and may hold an action.
    const onFocusIn = (event: FocusEvent) => {
      const target = event.target as HTMLElement;
      if (!isTop() || !dialogRef.current || dialogRef.current.contains(target) || target.closest?.('[data-sonner-toaster]')) return;
      (focusables(dialogRef.current)[0] ?? dialogRef.current).focus();
    };
    document.addEventListener('keydown', onDocumentKeyDown);
    document.addEventListener('focusin', onFocusIn);
    return () => {
      openModals.splice(openModals.indexOf(id), 1);
      document.body.style.overflow = overflow;
      document.removeEventListener('keydown', onDocumentKeyDown);
      document.removeEventListener('focusin', onFocusIn);
      if (returnTarget?.isConnected) returnTarget.focus();
    };
    // Runs once per opening: the initial focus target is read then, as a dialog does.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  return createPortal(
    <>
      <div className={s.backdrop} aria-hidden="true" />
      <div
        className={size === 'full' ? `${s.viewport} ${s.viewportFull}` : s.viewport}
        onPointerDown={(event) => {
          // A press on the dimmed area itself (not a drag that began inside the dialog).
          if (closeOnBackdrop && event.target === event.currentTarget) onClose();
        }}
      >
        {/* oxlint-disable-next-line jsx-a11y/no-noninteractive-element-interactions -- a dialog's shortcut keys (the viewer's arrows and zoom keys); each has a button too */}
        <div
          ref={dialogRef}
          className={s.dialog[size]}
          role="dialog"
          aria-modal="true"
          aria-labelledby={labelledBy}
          aria-describedby={describedBy}
          tabIndex={-1}
          data-testid={testId}
          onKeyDown={onKeyDown}
        >
          {children}
        </div>
      </div>
    </>,
    document.body,
  );
}

export function ModalCloseButton({ onClose, testId, className }: { onClose: () => void; testId?: string; className?: string }) {
  const { t } = useLingui();
  return (
    <button type="button" className={className ? `${s.closeButton} ${className}` : s.closeButton} aria-label={t`Đóng`} data-testid={testId} onClick={onClose}>
      <IconClose size={22} />
    </button>
  );
}
