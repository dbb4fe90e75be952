import { useEffect, useId, useState, type ReactNode } from 'react';
import { useAtomValue } from 'jotai';
import { Trans, useLingui } from '@lingui/react/macro';
import { useOnline } from '../../lib/offline/online.ts';
import { outboxPreviewUrl } from '../../lib/offline/outbox-client.ts';
import type { OutboxSubmit, OutboxUpload } from '../../kernel/outbox-entries.ts';
import { cancelOutboxEntry, cancelQueuedSubmit, watchOutbox } from '../../kernel/outbox-store.ts';
import { sessionUserAtom } from '../../lib/session.ts';
import { button } from '../../ui/button.ts';
import { formatBytes } from '../../lib/format.ts';
import { FEATURE_TOOLS } from '../generations/filters.ts';
import * as s from '../../ui/panel.css.ts';
import { describeOutboxFailure } from './OutboxTileStatus.tsx';

/**
 * The upload outbox at a glance (docs/product-rules.md#upload-outbox): the signed-in account's files and generations waiting
 * for the network, each with its state and a cancel button; nothing when the outbox is empty. For
 * the sidebar or the library page.
 *
 * Test ids: `outbox-status` (`data-count`), `outbox-item` per entry (`data-kind`, `data-status`),
 * `outbox-cancel` its button.
 */

/** The account's outbox, read again on every change (from this page, another tab or the service worker). */
interface OutboxEntries {
  uploads: OutboxUpload[];
  submits: OutboxSubmit[];
}

const NOTHING: OutboxEntries = { uploads: [], submits: [] };

function useOutboxEntries(userId: string | null): OutboxEntries {
  const [read, setRead] = useState<{ userId: string | null; entries: OutboxEntries }>({ userId: null, entries: NOTHING });
  useEffect(() => {
    if (!userId) return;
    return watchOutbox(userId, (uploads, submits) => setRead({ userId, entries: { uploads, submits } }));
  }, [userId]);
  return read.userId === userId ? read.entries : NOTHING;
}

export function OutboxStatus() {
  const { t, i18n } = useLingui();
  const online = useOnline();
  const headingId = useId();
  const userId = useAtomValue(sessionUserAtom)?.id ?? null;
  const { uploads, submits } = useOutboxEntries(userId);
  // Done entries only wait for a screen to take their asset or job: nothing left to do for the person.
  const files = uploads.filter((entry) => entry.status !== 'done');
  const generations = submits.filter((entry) => entry.status !== 'done');
  const count = files.length + generations.length;
  if (count === 0) return null;

  const stateText = (status: OutboxUpload['status']) => (status === 'sending' ? t`Đang gửi…` : online ? t`Sắp gửi` : t`Đang chờ mạng`);

  return (
    <section className={s.card} aria-labelledby={headingId} data-testid="outbox-status" data-count={count}>
      <h2 id={headingId} className={s.cardTitle}>
        <Trans>Đang chờ gửi ({count})</Trans>
      </h2>
      <p className={s.muted}>{online ? <Trans>Đang gửi các mục bên dưới.</Trans> : <Trans>Các mục bên dưới sẽ được gửi khi có mạng trở lại.</Trans>}</p>
      <ul className={s.items}>
        {files.map((entry) => (
          <OutboxItem
            key={entry.id}
            kind="upload"
            status={entry.status}
            cancelLabel={t`Hủy tải lên ${entry.name}`}
            onCancel={() => void cancelOutboxEntry(entry.id)}
            name={
              <>
                {entry.type.startsWith('image/') ? (
                  <img src={outboxPreviewUrl(entry)} alt="" width={40} height={40} style={{ objectFit: 'cover', borderRadius: 4 }} />
                ) : null}
                <span className={s.fileName}>
                  {entry.name} · {formatBytes(entry.size, i18n.locale === 'en' ? 'en' : 'vi')}
                </span>
              </>
            }
          >
            {entry.status === 'failed' ? (
              <p className={s.error} role="alert">
                {describeOutboxFailure(entry, 'image', i18n)}
              </p>
            ) : (
              <span className={s.muted}>{stateText(entry.status)}</span>
            )}
          </OutboxItem>
        ))}
        {generations.map((entry) => {
          const tool = i18n._(FEATURE_TOOLS[entry.feature].label);
          return (
            <OutboxItem
              key={entry.id}
              kind="generation"
              status={entry.status}
              cancelLabel={t`Hủy yêu cầu tạo: ${tool}`}
              onCancel={() => void cancelQueuedSubmit(entry.id)}
              name={
                <span className={s.fileName}>
                  <Trans>Yêu cầu tạo: {tool}</Trans>
                </span>
              }
            >
              <span className={entry.status === 'failed' ? s.error : s.muted}>
                {entry.status === 'failed' ? t`Không gửi được yêu cầu này.` : entry.status === 'sending' ? t`Đang gửi…` : t`Sẽ tạo khi có mạng`}
              </span>
            </OutboxItem>
          );
        })}
      </ul>
    </section>
  );
}

/** One waiting entry: what it is and its cancel button on one row, then its state (`children`). */
function OutboxItem({
  kind,
  status,
  cancelLabel,
  onCancel,
  name,
  children,
}: {
  kind: 'upload' | 'generation';
  status: string;
  cancelLabel: string;
  onCancel: () => void;
  name: ReactNode;
  children: ReactNode;
}) {
  return (
    <li className={s.item} data-testid="outbox-item" data-kind={kind} data-status={status}>
      <div className={s.itemRow}>
        {name}
        <button type="button" className={button({ variant: 'ghost', size: 'sm' })} onClick={onCancel} data-testid="outbox-cancel" aria-label={cancelLabel}>
          <Trans>Hủy</Trans>
        </button>
      </div>
      {children}
    </li>
  );
}
