import { useId, useRef, type ReactNode } from 'react';
import { Trans } from '@lingui/react/macro';
import { button } from './button.ts';
import { Modal, type DataAttributes } from './Modal.tsx';
import * as s from './modal.css.ts';

export interface ConfirmDialogProps {
  title: ReactNode;
  /** What happens on confirming, said plainly (the dialog's description). */
  children: ReactNode;
  /** The confirm button's words, e.g. "Xóa". */
  confirmLabel: ReactNode;
  /** The cancel button's words; "Hủy" (Cancel) by default. */
  cancelLabel?: ReactNode;
  /** danger: a destructive action (red); default: an ordinary one. */
  tone?: 'danger' | 'default';
  onConfirm: () => void;
  onCancel: () => void;
  /** Test ids `<testId>-dialog`, `-title`, `-confirm`, `-cancel`. */
  testId?: string;
  /** Extra data attributes of the title (e.g. a count the tests read). */
  titleData?: DataAttributes;
}

/**
 * "Are you sure?" before an action that cannot be undone. Focus starts on Cancel, so a stray
 * Enter does nothing; Escape and a press outside cancel.
 */
export function ConfirmDialog({ title, children, confirmLabel, cancelLabel, tone = 'danger', onConfirm, onCancel, testId, titleData }: ConfirmDialogProps) {
  const titleId = useId();
  const textId = useId();
  const cancelRef = useRef<HTMLButtonElement>(null);
  const id = (part: string) => (testId ? `${testId}-${part}` : undefined);
  return (
    <Modal onClose={onCancel} labelledBy={titleId} describedBy={textId} initialFocusRef={cancelRef} testId={id('dialog')}>
      <div className={s.body}>
        <h2 id={titleId} className={s.title} data-testid={id('title')} {...titleData}>
          {title}
        </h2>
        <div id={textId} className={s.text}>
          {children}
        </div>
      </div>
      <div className={s.actions}>
        <button ref={cancelRef} type="button" className={button({ variant: 'secondary' })} data-testid={id('cancel')} onClick={onCancel}>
          {cancelLabel ?? <Trans>Hủy</Trans>}
        </button>
        <button
          type="button"
          className={tone === 'danger' ? `${button({ variant: 'primary' })} ${s.danger}` : button({ variant: 'primary' })}
          data-testid={id('confirm')}
          onClick={onConfirm}
        >
          {confirmLabel}
        </button>
      </div>
    </Modal>
  );
}
