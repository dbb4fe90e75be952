import { useId, useRef } from 'react';
import { Plural, Trans } from '@lingui/react/macro';
import { button } from '../../../ui/button.css.ts';
import { Modal } from '../../../ui/Modal.tsx';
import * as s from './library.css.ts';

export interface DeleteDialogProps {
  count: number;
  onConfirm: () => void;
  onClose: () => void;
}

/**
 * "Delete N files?" before a delete from the library. Focus starts on Cancel: a stray Enter
 * deletes nothing.
 *
 * Test ids: `library-delete-dialog`, `library-delete-title` (`data-count`), `library-delete-confirm`,
 * `library-delete-cancel`.
 */
export function DeleteDialog({ count, onConfirm, onClose }: DeleteDialogProps) {
  const titleId = useId();
  const textId = useId();
  const cancelRef = useRef<HTMLButtonElement>(null);
  return (
    <Modal onClose={onClose} labelledBy={titleId} describedBy={textId} initialFocusRef={cancelRef} testId="library-delete-dialog">
      <div className={s.dialogBody}>
        <h2 id={titleId} className={s.dialogTitle} data-testid="library-delete-title" data-count={count}>
          <Plural value={count} other="Xoá # tệp?" />
        </h2>
        <p id={textId} className={s.dialogText}>
          <Trans>Tệp sẽ bị xoá khỏi thư viện và không thể khôi phục. Liên kết tới tệp cũng sẽ ngừng hoạt động.</Trans>
        </p>
      </div>
      <div className={s.dialogActions}>
        <button ref={cancelRef} type="button" className={button({ variant: 'secondary' })} data-testid="library-delete-cancel" onClick={onClose}>
          <Trans>Hủy</Trans>
        </button>
        <button type="button" className={`${button({ variant: 'primary' })} ${s.dangerButton}`} data-testid="library-delete-confirm" onClick={onConfirm}>
          <Trans>Xoá</Trans>
        </button>
      </div>
    </Modal>
  );
}
