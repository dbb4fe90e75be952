import { Trans } from '@lingui/react/macro';
import type { Generation } from '../../contract/generations.schema.ts';
import { ConfirmDialog } from '../../ui/ConfirmDialog.tsx';

/** "Delete this generation?" before a delete from /history; focus starts on "No". */
export function DeleteGenerationDialog({ job, onConfirm, onCancel }: { job: Generation; onConfirm: () => void; onCancel: () => void }) {
  return (
    <ConfirmDialog
      title={<Trans>Xóa lần tạo này?</Trans>}
      confirmLabel={<Trans>Xóa</Trans>}
      cancelLabel={<Trans>Không</Trans>}
      onConfirm={onConfirm}
      onCancel={onCancel}
      testId="history-delete"
    >
      <p>
        {job.results.length > 0 ? (
          <Trans>Lần tạo sẽ bị xóa khỏi lịch sử, và kết quả của nó khỏi thư viện (trừ khi một lần tạo khác đang dùng). Không thể hoàn tác.</Trans>
        ) : (
          <Trans>Lần tạo sẽ bị xóa khỏi lịch sử. Không thể hoàn tác.</Trans>
        )}
      </p>
    </ConfirmDialog>
  );
}
