import { Link } from '@tanstack/react-router';
import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import type { Payment } from '../../contract/billing.schema.ts';
import { formatDateTime, formatVnd } from '../../lib/format.ts';
import { useCursorList } from '../../lib/cursor-list.ts';
import { useLocale } from '../../lib/use-locale.ts';
import { button } from '../../ui/button.ts';
import { Chip } from '../../ui/Chip.tsx';
import { Table, type Column } from '../../ui/Table.tsx';
import { FAILURE_LABELS, itemLabel, METHOD_LABELS, STATUS_LABELS, STATUS_TONES } from './labels.ts';
import { paymentsInfiniteQueryOptions } from './queries.ts';
import { LoadMore, SectionOffline } from './SectionStates.tsx';
import * as s from './billing.css.ts';

/**
 * The payment history (spec §3 Payment row): date, description with the order code and the
 * method, amount with the credits, status with the failure reason (or, once completed, what it put
 * in the money balance); a receipt for a completed payment, "continue" for a pending one with a
 * provider page. Newest first, page after page. Five columns, so the table fits beside
 * the sidebar at 1024 px and on a 768 px tablet without scrolling sideways, a pending row's
 * "continue" too. Test ids: `payments` (the table, `data-status`), `payment-method`,
 * `payment-credits`, `payment-status` (`data-status`, `data-outcome`), `payment-balance-note`,
 * `payment-receipt`, `payment-continue-row`, `payments-more`, `payments-offline`.
 */
function DateCell({ row }: { row: Payment }) {
  const { locale } = useLocale();
  return <>{formatDateTime(new Date(row.paid_at ?? row.created_at), locale)}</>;
}

function DescriptionCell({ row }: { row: Payment }) {
  const { i18n, t } = useLingui();
  return (
    <span className={s.cellStack}>
      <span>{itemLabel(i18n, row.item, row.period)}</span>
      <span className={s.muted}>{t`Mã đơn ${row.order_code}`}</span>
      <span className={s.muted} data-testid="payment-method">
        {i18n._(METHOD_LABELS[row.method])}
      </span>
    </span>
  );
}

function AmountCell({ row }: { row: Payment }) {
  const { t } = useLingui();
  const { locale } = useLocale();
  const credits = row.credits;
  return (
    <span className={s.amountStack}>
      <span>{formatVnd(row.amount_vnd, locale)}</span>
      <span className={s.muted} data-testid="payment-credits">
        {t`${plural(credits, { other: '# tín dụng' })}`}
      </span>
    </span>
  );
}

function StatusCell({ row }: { row: Payment }) {
  const { i18n } = useLingui();
  return (
    <span className={s.cellStack}>
      <Chip tone={STATUS_TONES[row.status]} data-testid="payment-status" data-status={row.status} data-outcome={row.outcome ?? undefined}>
        {i18n._(STATUS_LABELS[row.status])}
      </Chip>
      {row.status === 'failed' && row.failure_reason ? <span className={s.muted}>{i18n._(FAILURE_LABELS[row.failure_reason])}</span> : null}
      <BalanceNote row={row} />
    </span>
  );
}

/** What a completed payment did to the money balance (docs/product-rules.md#plan-settlement). */
function BalanceNote({ row }: { row: Payment }) {
  const { locale } = useLocale();
  if (row.status !== 'completed') return null;
  const added = formatVnd(row.balance_credit_vnd, locale);
  if (row.outcome === 'balance') {
    return (
      <span className={s.muted} data-testid="payment-balance-note">
        {row.failure_reason === 'superseded' ? (
          <Trans>Đơn đã được thay bằng đơn mới: {added} đã vào số dư tài khoản</Trans>
        ) : (
          <Trans>Gói đang dùng đã đổi từ lúc đặt đơn: {added} đã vào số dư tài khoản</Trans>
        )}
      </span>
    );
  }
  if (row.balance_credit_vnd > 0) {
    return (
      <span className={s.muted} data-testid="payment-balance-note">
        <Trans>Phần chưa dùng còn lại, {added}, đã vào số dư tài khoản</Trans>
      </span>
    );
  }
  return null;
}

function ActionCell({ row }: { row: Payment }) {
  if (row.status === 'completed') {
    return (
      <Link to="/receipts/$paymentId" params={{ paymentId: row.id }} className={button({ variant: 'secondary', size: 'sm' })} data-testid="payment-receipt">
        <Trans>Biên lai</Trans>
      </Link>
    );
  }
  if (row.status === 'pending' && row.checkout_url) {
    return (
      <a href={row.checkout_url} className={button({ variant: 'primary', size: 'sm' })} data-testid="payment-continue-row">
        <Trans>Tiếp tục thanh toán</Trans>
      </a>
    );
  }
  return null;
}

const COLUMNS: readonly Column<Payment>[] = [
  { id: 'date', header: <Trans>Ngày</Trans>, cell: (row) => <DateCell row={row} /> },
  { id: 'description', header: <Trans>Nội dung</Trans>, rowHeader: true, cell: (row) => <DescriptionCell row={row} /> },
  { id: 'amount', header: <Trans>Số tiền</Trans>, align: 'end', cell: (row) => <AmountCell row={row} /> },
  { id: 'status', header: <Trans>Trạng thái</Trans>, cell: (row) => <StatusCell row={row} /> },
  { id: 'actions', header: <Trans>Thao tác</Trans>, cell: (row) => <ActionCell row={row} /> },
];

export function PaymentHistory() {
  const { query, items: rows, offline, loadMore } = useCursorList(paymentsInfiniteQueryOptions());
  return (
    <section id="payments" className={s.section} aria-labelledby="payments-title">
      <h2 id="payments-title" className={s.sectionTitle}>
        <Trans>Lịch sử thanh toán</Trans>
      </h2>
      {offline ? (
        <SectionOffline section="payments" />
      ) : (
        <Table
          caption={<Trans>Lịch sử thanh toán</Trans>}
          hideCaption
          columns={COLUMNS}
          rows={rows}
          rowKey={(row) => row.id}
          status={query.isPending ? 'loading' : query.isError && !rows ? 'error' : 'ready'}
          empty={<Trans>Chưa có khoản thanh toán nào</Trans>}
          error={<Trans>Không tải được lịch sử thanh toán</Trans>}
          onRetry={() => void query.refetch()}
          testId="payments"
        />
      )}
      {query.hasNextPage ? <LoadMore section="payments" loading={query.isFetchingNextPage} onClick={loadMore} /> : null}
    </section>
  );
}
