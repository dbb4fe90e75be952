import { createContext, useContext, useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { Delivery, RequestLogEntry } from '../../contract/tokens.schema.ts';
import { formatCount, formatTimestamp, NO_FIGURE } from '../../lib/format.ts';
import { notify } from '../../lib/toast.ts';
import { useLocale } from '../../lib/use-locale.ts';
import { button } from '../../ui/button.ts';
import { Chip } from '../../ui/Chip.tsx';
import { Table, type Column } from '../../ui/Table.tsx';
import { DELIVERY_STATUS_LABELS, DELIVERY_STATUS_TONES, EVENT_LABELS, httpStatusTone, tokenErrorText } from './labels.ts';
import { useResendDelivery } from './queries.ts';
import { CopyButton } from './SecretReveal.tsx';
import * as s from './tokens.css.ts';

function Time({ at }: { at: string }) {
  const { locale } = useLocale();
  return (
    <time dateTime={at} className={s.nowrap}>
      {formatTimestamp(new Date(at), locale)}
    </time>
  );
}

const REQUEST_COLUMNS: readonly Column<RequestLogEntry>[] = [
  { id: 'at', header: <Trans>Thời gian</Trans>, cell: (row) => <Time at={row.at} /> },
  {
    id: 'endpoint',
    header: <Trans>Yêu cầu</Trans>,
    rowHeader: true,
    cell: (row) => (
      <code className={s.mono}>
        {row.method} {row.path}
      </code>
    ),
  },
  {
    id: 'status',
    header: <Trans>Mã trạng thái</Trans>,
    cell: (row) => (
      <Chip tone={httpStatusTone(row.status)} data-testid="request-status" data-tone={httpStatusTone(row.status)}>
        {row.status}
      </Chip>
    ),
  },
  { id: 'duration', header: <Trans>Thời lượng (ms)</Trans>, align: 'end', cell: (row) => <Duration ms={row.duration_ms} /> },
];

function Duration({ ms }: { ms: number }) {
  const { locale } = useLocale();
  return <>{formatCount(ms, locale)}</>;
}

/** The last requests of the token, newest first. Test id `token-requests`. */
export function RequestLog({ requests }: { requests: readonly RequestLogEntry[] }) {
  return (
    <section className={s.section} aria-labelledby="token-requests-title">
      <h3 id="token-requests-title" className={s.sectionTitle}>
        <Trans>Yêu cầu gần đây</Trans>
      </h3>
      <Table
        caption={<Trans>Yêu cầu gần đây</Trans>}
        hideCaption
        columns={REQUEST_COLUMNS}
        rows={requests}
        rowKey={(row) => `${row.at}|${row.method}|${row.path}|${row.status}|${row.duration_ms}`}
        empty={<Trans>Token này chưa nhận yêu cầu nào</Trans>}
        testId="token-requests"
      />
    </section>
  );
}

/** The signing secret, hidden until asked: "whsec_" and dots. */
const maskSecret = (secret: string) => `${secret.slice(0, secret.indexOf('_') + 1)}${'•'.repeat(24)}`;

/** The webhook signing secret: masked, Show/Hide and Copy. Test ids `webhook-secret`, `webhook-secret-toggle`, `webhook-secret-copy`. */
export function WebhookSecret({ secret }: { secret: string }) {
  const [shown, setShown] = useState(false);
  return (
    <div className={s.section}>
      <p className={s.muted}>
        <Trans>Dùng khóa ký này để xác minh webhook Atelier gửi đến bạn (chuẩn Standard Webhooks). Đây không phải là token API.</Trans>
      </p>
      <div className={s.secretBox}>
        <code className={s.secretValue} data-testid="webhook-secret" data-shown={shown}>
          {shown ? secret : maskSecret(secret)}
        </code>
        <button
          type="button"
          className={button({ variant: 'secondary' })}
          aria-pressed={shown}
          onClick={() => setShown(!shown)}
          data-testid="webhook-secret-toggle"
        >
          {shown ? <Trans>Ẩn</Trans> : <Trans>Hiện</Trans>}
        </button>
        <CopyButton text={secret} testId="webhook-secret-copy" />
      </div>
    </div>
  );
}

interface ResendState {
  online: boolean;
  /** The delivery being sent again, if any (one at a time). */
  sending: string | null;
  onResend: (id: string) => void;
}
/** The Resend cells' state: the columns are module-level, so a cell reads it here. */
const ResendContext = createContext<ResendState>({ online: false, sending: null, onResend: () => undefined });

function ResendCell({ delivery }: { delivery: Delivery }) {
  const { online, sending, onResend } = useContext(ResendContext);
  return (
    <button
      type="button"
      className={button({ variant: 'secondary', size: 'sm' })}
      disabled={!online || sending !== null}
      aria-busy={sending === delivery.id}
      onClick={() => onResend(delivery.id)}
      data-testid="delivery-resend"
      data-delivery={delivery.id}
    >
      {sending === delivery.id ? <Trans>Đang gửi…</Trans> : <Trans>Gửi lại</Trans>}
    </button>
  );
}

function EventCell({ delivery }: { delivery: Delivery }) {
  const { i18n } = useLingui();
  return <span title={delivery.event}>{i18n._(EVENT_LABELS[delivery.event])}</span>;
}

function DeliveryStatusCell({ delivery }: { delivery: Delivery }) {
  const { i18n } = useLingui();
  return (
    <Chip tone={DELIVERY_STATUS_TONES[delivery.status]} data-testid="delivery-status" data-status={delivery.status} title={delivery.last_error ?? undefined}>
      {i18n._(DELIVERY_STATUS_LABELS[delivery.status])}
    </Chip>
  );
}

const DELIVERY_COLUMNS: readonly Column<Delivery>[] = [
  { id: 'event', header: <Trans>Sự kiện</Trans>, rowHeader: true, cell: (row) => <EventCell delivery={row} /> },
  { id: 'job', header: <Trans>Mã lần tạo</Trans>, cell: (row) => <code className={s.mono}>{row.generation_id}</code> },
  { id: 'status', header: <Trans>Trạng thái</Trans>, cell: (row) => <DeliveryStatusCell delivery={row} /> },
  { id: 'attempts', header: <Trans>Số lần thử</Trans>, align: 'end', cell: (row) => row.attempts },
  { id: 'code', header: <Trans>Mã phản hồi cuối</Trans>, align: 'end', cell: (row) => row.last_status_code ?? NO_FIGURE },
  { id: 'at', header: <Trans>Thời gian</Trans>, cell: (row) => <Time at={row.delivered_at ?? row.created_at} /> },
  { id: 'resend', header: <Trans>Thao tác</Trans>, cell: (row) => <ResendCell delivery={row} /> },
];

/** The webhook messages of the token's jobs, newest first, each with Resend. Test ids `token-deliveries`, `delivery-status`, `delivery-resend`. */
export function Deliveries({ tokenId, deliveries, online }: { tokenId: string; deliveries: readonly Delivery[]; online: boolean }) {
  const { i18n, t } = useLingui();
  const resend = useResendDelivery(tokenId);
  const [sending, setSending] = useState<string | null>(null);
  const onResend = async (id: string) => {
    setSending(id);
    try {
      await resend.mutateAsync(id);
      notify.success(t`Đã xếp lịch gửi lại webhook`);
    } catch (error) {
      notify.error(t`Không gửi lại được webhook`, { description: tokenErrorText(i18n, error) });
    } finally {
      setSending(null);
    }
  };
  return (
    <ResendContext.Provider value={{ online, sending, onResend: (id) => void onResend(id) }}>
      <Table
        caption={<Trans>Các lần gửi webhook</Trans>}
        hideCaption
        columns={DELIVERY_COLUMNS}
        rows={deliveries}
        rowKey={(row) => row.id}
        empty={<Trans>Chưa có webhook nào được gửi</Trans>}
        testId="token-deliveries"
        // Seven columns do not fit the drawer: each delivery is a card there, Resend included.
        stackBelow={960}
      />
    </ResendContext.Provider>
  );
}
