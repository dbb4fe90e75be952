import { Trans, useLingui } from '@lingui/react/macro';
import { ApiError } from '../../lib/api.ts';
import type { OutboxStatus, OutboxUpload } from '../../kernel/outbox-entries.ts';
import { describeUploadProblem } from './upload-messages.ts';
import { uploadProblemOf } from './transport.ts';
import type { UploadKind } from './upload-messages.ts';
import * as s from '../../ui/panel.css.ts';

/** The words of an outbox upload the server refused (the upload messages of docs/product-rules.md#messages-uploads, as for an upload made online). */
export function describeOutboxFailure(entry: OutboxUpload | undefined, kind: UploadKind, i18n: Parameters<typeof describeUploadProblem>[1]): string {
  const error = new ApiError(entry?.error ?? '', entry?.errorStatus ?? 0, entry?.errorBody);
  return describeUploadProblem(uploadProblemOf(error, kind, entry?.purpose ?? 'input'), i18n);
}

/**
 * What a studio tile says of a file in the upload outbox: 'Đang chờ mạng' while it waits,
 * 'Đang tải lên…' while it is sent, or why the server refused it. Test ids `{testId}-waiting`,
 * `{testId}-outbox-error`.
 */
export function OutboxTileStatus({ status, entry, kind, testId }: { status: OutboxStatus; entry: OutboxUpload | undefined; kind: UploadKind; testId: string }) {
  const { i18n } = useLingui();
  if (status === 'failed') {
    return (
      <p className={s.error} role="alert" data-testid={`${testId}-outbox-error`}>
        {describeOutboxFailure(entry, kind, i18n)}
      </p>
    );
  }
  return (
    <span className={`${s.badge} ${s.badgeTone.processing}`} role="status" data-testid={`${testId}-waiting`}>
      {status === 'sending' ? <Trans>Đang tải lên…</Trans> : status === 'done' ? <Trans>Đã tải lên</Trans> : <Trans>Đang chờ mạng</Trans>}
    </span>
  );
}
