import { useRef, type KeyboardEventHandler, type ReactNode, type RefObject } from 'react';
import { createPortal } from 'react-dom';
import { useLingui } from '@lingui/react/macro';
import { useFocusTrap } from './focus-trap.ts';
import { IconClose } from './icons/app/IconClose.tsx';
import * as s from './modal.css.ts';

export type DataAttributes = { [key: `data-${string}`]: string | number | boolean | undefined };

export interface ModalProps extends DataAttributes {
  onClose: () => void;
  /** id of the element that names the dialog (its heading); or `label` when it has none. */
  labelledBy?: string;
  label?: string;
  describedBy?: string;
  /** compact: a small dialog; form: a form that grows (the viewport scrolls); wide: the picker; full: the whole window. */
  size?: 'compact' | 'form' | 'wide' | 'full';
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
 * A modal dialog on the `modal` layer: portalled to <body>, page scroll locked, Tab trapped
 * inside, Escape and a press outside close it, focus returns where it was on closing. The caller
 * mounts it while open.
 */
export function Modal({
  onClose,
  labelledBy,
  label,
  describedBy,
  size = 'compact',
  initialFocusRef,
  closeOnBackdrop = true,
  testId,
  onKeyDown,
  children,
  ...data
}: ModalProps) {
  const dialogRef = useRef<HTMLDivElement>(null);
  useFocusTrap(dialogRef, { onEscape: onClose, initialFocus: initialFocusRef });

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
          aria-label={labelledBy ? undefined : label}
          aria-describedby={describedBy}
          tabIndex={-1}
          data-testid={testId}
          onKeyDown={onKeyDown}
          {...data}
        >
          {children}
        </div>
      </div>
    </>,
    document.body,
  );
}

export interface CloseButtonProps {
  onClose: () => void;
  testId?: string;
  className?: string;
  /** The accessible name; "Đóng" (Close) by default. */
  label?: string;
  size?: number;
}

/** The round × button of dialogs, drawers and panels. */
export function CloseButton({ onClose, testId, className, label, size = 22 }: CloseButtonProps) {
  const { t } = useLingui();
  return (
    <button
      type="button"
      className={className ? `${s.iconButton} ${className}` : s.iconButton}
      aria-label={label ?? t`Đóng`}
      data-testid={testId}
      onClick={onClose}
    >
      <IconClose size={size} />
    </button>
  );
}
