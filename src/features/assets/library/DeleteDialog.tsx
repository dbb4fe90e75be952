import { Plural, Trans } from '@lingui/react/macro';
import { ConfirmDialog } from '../../../ui/ConfirmDialog.tsx';

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
  return (
    <ConfirmDialog
      title={<Plural value={count} other="Xóa # tệp?" />}
      confirmLabel={<Trans>Xóa</Trans>}
      onConfirm={onConfirm}
      onCancel={onClose}
      testId="library-delete"
      titleData={{ 'data-count': count }}
    >
      <p>
        <Trans>Tệp sẽ bị xóa khỏi thư viện và không thể khôi phục. Liên kết tới tệp cũng sẽ ngừng hoạt động.</Trans>
      </p>
    </ConfirmDialog>
  );
}
