import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import type { Receipt } from '../../contract/billing.schema.ts';
import { formatCount, formatDateTime, formatVnd } from '../../lib/format.ts';
import { useLocale } from '../../lib/use-locale.ts';
import { button } from '../../ui/button.ts';
import { ErrorState } from '../../ui/States.tsx';
import { itemLabel, METHOD_LABELS } from './labels.ts';
import { receiptQueryOptions } from './queries.ts';
import { SectionLoading, SectionOffline } from './SectionStates.tsx';
import * as s from './billing.css.ts';
import * as r from './receipt.css.ts';
import { billingErrorText } from './error-text.ts';

/**
 * /receipts/{paymentId}: a completed payment's receipt, as the server words it: the seller, the
 * buyer, the receipt number, the dates, what was bought, the amounts with the VAT they include,
 * and the method. Printing shows the receipt alone.
 *
 * A payment that bought only balance (docs/product-rules.md#plan-settlement) says so, and why; one
 * that took from the balance or left part of the previous plan there shows those lines.
 *
 * Test ids: `receipt` (`data-number`), `receipt-seller`, `receipt-buyer`, `receipt-total`,
 * `receipt-vat`, `receipt-balance-credit`, `receipt-balance-note`, `receipt-print`,
 * `receipt-loading`, `receipt-error`, `receipt-offline`.
 */
export function ReceiptPage({ paymentId }: { paymentId: string }) {
  const { i18n } = useLingui();
  const receipt = useQuery(receiptQueryOptions(paymentId));
  let body;
  if (receipt.data) body = <ReceiptSheet receipt={receipt.data} />;
  else if (receipt.isError)
    body = (
      <ErrorState
        title={<Trans>Không tải được biên lai</Trans>}
        onRetry={() => void receipt.refetch()}
        testId="receipt-error"
        actions={
          <Link to="/studio-pricing" hash="payments" className={button({ variant: 'ghost' })}>
            <Trans>Xem lịch sử thanh toán</Trans>
          </Link>
        }
      >
        <p className={s.muted}>{billingErrorText(i18n, receipt.error)}</p>
      </ErrorState>
    );
  else if (receipt.fetchStatus === 'paused') body = <SectionOffline section="receipt" />;
  else body = <SectionLoading section="receipt" lines={6} />;
  return <div className={s.narrowPage}>{body}</div>;
}

function ReceiptSheet({ receipt }: { receipt: Receipt }) {
  const { i18n } = useLingui();
  const { locale } = useLocale();
  const { payment, seller, buyer } = receipt;
  const vnd = (amount: number) => formatVnd(amount, locale);
  const what = itemLabel(i18n, payment.item, payment.period);
  return (
    <>
      <div className={r.toolbar}>
        <Link to="/studio-pricing" hash="payments" className={button({ variant: 'ghost' })}>
          <Trans>Về lịch sử thanh toán</Trans>
        </Link>
        <button type="button" className={button({ variant: 'primary' })} onClick={() => window.print()} data-testid="receipt-print">
          <Trans>In biên lai</Trans>
        </button>
      </div>
      <article className={r.sheet} data-print-receipt="" data-testid="receipt" data-number={payment.receipt_number ?? ''}>
        <header className={r.head}>
          <div>
            <h1 className={s.title}>
              <Trans>Biên lai thanh toán</Trans>
            </h1>
            <p className={s.lead}>
              <Trans>Số biên lai: {payment.receipt_number ?? '—'}</Trans>
            </p>
            <p className={s.muted}>
              <Trans>Mã đơn hàng: {payment.order_code}</Trans>
            </p>
          </div>
          <dl className={s.facts}>
            <dt>
              <Trans>Ngày tạo đơn</Trans>
            </dt>
            <dd>{formatDateTime(new Date(payment.created_at), locale)}</dd>
            <dt>
              <Trans>Ngày thanh toán</Trans>
            </dt>
            <dd>{payment.paid_at ? formatDateTime(new Date(payment.paid_at), locale) : '—'}</dd>
          </dl>
        </header>
        <div className={r.parties}>
          <address className={r.party} data-testid="receipt-seller">
            <h2 className={r.partyTitle}>
              <Trans>Bên bán</Trans>
            </h2>
            <strong>{seller.name}</strong>
            <span>{seller.address}</span>
            <span>
              <Trans>Mã số thuế: {seller.tax_code}</Trans>
            </span>
            <span>{seller.email}</span>
            <span>{seller.phone}</span>
          </address>
          <address className={r.party} data-testid="receipt-buyer">
            <h2 className={r.partyTitle}>
              <Trans>Người mua</Trans>
            </h2>
            <strong>{buyer.name}</strong>
            <span>{buyer.email}</span>
          </address>
        </div>
        <dl className={s.facts}>
          {payment.outcome === 'balance' ? (
            <>
              <dt>
                <Trans>Nạp vào số dư tài khoản</Trans>
              </dt>
              <dd data-testid="receipt-balance-credit">{vnd(payment.balance_credit_vnd)}</dd>
            </>
          ) : (
            <>
              <dt>{what}</dt>
              <dd>{vnd(payment.price_vnd)}</dd>
            </>
          )}
          {payment.proration_credit_vnd > 0 ? (
            <>
              <dt>
                <Trans>Trừ phần chưa dùng của gói trước</Trans>
              </dt>
              <dd>−{vnd(payment.proration_credit_vnd)}</dd>
            </>
          ) : null}
          {payment.balance_applied_vnd > 0 ? (
            <>
              <dt>
                <Trans>Trừ số dư tài khoản</Trans>
              </dt>
              <dd>−{vnd(payment.balance_applied_vnd)}</dd>
            </>
          ) : null}
          {payment.outcome === 'delivered' && payment.balance_credit_vnd > 0 ? (
            <>
              <dt>
                <Trans>Phần chưa dùng còn lại, vào số dư tài khoản</Trans>
              </dt>
              <dd data-testid="receipt-balance-credit">+{vnd(payment.balance_credit_vnd)}</dd>
            </>
          ) : null}
          <dt className={s.total}>
            <Trans>Tổng cộng</Trans>
          </dt>
          <dd className={s.total} data-testid="receipt-total">
            {vnd(payment.amount_vnd)}
          </dd>
          <dt>
            <Trans>Trong đó thuế GTGT ({receipt.vat_percent}%)</Trans>
          </dt>
          <dd data-testid="receipt-vat">{vnd(receipt.vat_vnd)}</dd>
          <dt>
            <Trans>Tín dụng</Trans>
          </dt>
          <dd>{formatCount(payment.credits, locale)}</dd>
          <dt>
            <Trans>Phương thức thanh toán</Trans>
          </dt>
          <dd>{i18n._(METHOD_LABELS[payment.method])}</dd>
        </dl>
        {payment.outcome === 'balance' ? (
          <p className={s.lead} data-testid="receipt-balance-note">
            {payment.failure_reason === 'superseded' ? (
              <Trans>
                Khoản này được trả cho đơn {what}, nhưng một đơn hàng mới hơn đã thay thế đơn đó, nên toàn bộ số tiền được cộng vào số dư tài khoản và tự động
                trừ vào lần thanh toán tới.
              </Trans>
            ) : (
              <Trans>
                Khoản này được trả cho đơn {what}, nhưng khi tiền đến thì gói đang dùng đã thay đổi và số tiền không còn đủ cho đơn đó, nên toàn bộ số tiền được
                cộng vào số dư tài khoản và tự động trừ vào lần thanh toán tới.
              </Trans>
            )}
          </p>
        ) : null}
        <p className={s.muted}>
          <Trans>Giá đã bao gồm VAT. Cảm ơn bạn đã sử dụng Atelier.</Trans>
        </p>
      </article>
    </>
  );
}
