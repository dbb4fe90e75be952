import type { ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { FAILURE_REASONS, isPackId, type FailureReason, type Payment } from '../../contract/billing.schema.ts';
import { formatCount, formatVnd } from '../../lib/format.ts';
import { useLocale } from '../../lib/use-locale.ts';
import { button } from '../../ui/button.ts';
import { Card } from '../../ui/Card.tsx';
import { ErrorState } from '../../ui/States.tsx';
import { PLAN_NAMES } from '../../lib/plan-names.ts';
import { FAILURE_LABELS, itemLabel, METHOD_LABELS } from './labels.ts';
import { billingOverviewQueryOptions, paymentQueryOptions } from './queries.ts';
import { usePaymentStatus, type PaymentPollTiming } from './use-payment-status.ts';
import * as s from './billing.css.ts';
import { billingErrorText } from './error-text.ts';

/**
 * The pages a payment provider sends the browser back to: /payment/success (follows the order
 * until the server knows how it ended), /payment/cancel and /payment/cancelled (nothing was
 * charged), /payment/error (what happened, what to do).
 *
 * A payment that bought only balance (docs/product-rules.md#plan-settlement) says so, and why; an
 * order a newer checkout replaced sends to the history, where the newer one is.
 *
 * Test ids: `payment-result` (`data-state`), `payment-spinner`, `payment-bought`, `payment-balance`,
 * `payment-balance-credit`, `payment-to-balance`, `payment-money-balance`, `payment-superseded`,
 * `payment-receipt-link`, `payment-retry-link`, `payment-history-link`, `payment-continue`.
 */

function Frame({ state, children }: { state: string; children: ReactNode }) {
  return (
    <div className={s.narrowPage}>
      <Card as="section" padding="lg" className={s.result} data-testid="payment-result" data-state={state} aria-live="polite">
        {children}
      </Card>
    </div>
  );
}

/** The same checkout again: the order's item, period and method when known, else the picker. */
function RetryLink({ payment, children }: { payment: Payment | undefined; children: ReactNode }) {
  const search = payment
    ? { item: payment.item, method: payment.method, ...(payment.period && !isPackId(payment.item) ? { period: payment.period } : {}) }
    : {};
  return (
    <Link to="/checkout" search={search} className={button({ variant: 'primary' })} data-testid="payment-retry-link">
      {children}
    </Link>
  );
}

function HistoryLink() {
  return (
    <Link to="/studio-pricing" hash="payments" className={button({ variant: 'secondary' })} data-testid="payment-history-link">
      <Trans>Xem lịch sử thanh toán</Trans>
    </Link>
  );
}

function PricingLink() {
  return (
    <Link to="/studio-pricing" className={button({ variant: 'ghost' })}>
      <Trans>Về bảng giá</Trans>
    </Link>
  );
}

export function PaymentSuccessPage({ order, timing }: { order: string | undefined; timing?: PaymentPollTiming }) {
  const watch = usePaymentStatus(order, timing);
  const { i18n, t } = useLingui();
  const { payment } = watch;
  switch (watch.state) {
    case 'missing':
      return (
        <Frame state="missing">
          <h1 className={s.title}>
            <Trans>Không tìm thấy đơn hàng</Trans>
          </h1>
          <p className={s.lead}>
            <Trans>Đường dẫn này không kèm mã đơn hàng. Trạng thái mọi khoản thanh toán có trong lịch sử thanh toán.</Trans>
          </p>
          <div className={s.actions}>
            <HistoryLink />
          </div>
        </Frame>
      );
    case 'error':
      return (
        <div className={s.narrowPage}>
          <ErrorState
            title={<Trans>Không tải được trạng thái thanh toán</Trans>}
            onRetry={watch.retry}
            testId="payment-result"
            data={{ 'data-state': 'error' }}
            actions={<HistoryLink />}
          >
            <p className={s.muted}>{watch.error ? billingErrorText(i18n, watch.error) : null}</p>
          </ErrorState>
        </div>
      );
    case 'loading':
    case 'pending':
      return (
        <Frame state={watch.state}>
          <span className={s.spinner} role="progressbar" aria-label={t`Đang xác nhận thanh toán…`} data-testid="payment-spinner" />
          <h1 className={s.title}>
            <Trans>Đang xác nhận thanh toán…</Trans>
          </h1>
          <p className={s.lead}>
            <Trans>Chúng tôi đang chờ cổng thanh toán xác nhận. Việc này thường chỉ mất vài giây; đừng thanh toán lại.</Trans>
          </p>
          {payment?.checkout_url ? (
            <a href={payment.checkout_url} className={button({ variant: 'secondary' })} data-testid="payment-continue">
              <Trans>Tôi chưa thanh toán xong: tiếp tục thanh toán</Trans>
            </a>
          ) : null}
        </Frame>
      );
    case 'timeout':
      return (
        <Frame state="timeout">
          <h1 className={s.title}>
            <Trans>Thanh toán vẫn đang chờ xác nhận</Trans>
          </h1>
          <p className={s.lead}>
            <Trans>
              Cổng thanh toán chưa báo kết quả. Chúng tôi sẽ gửi email cho bạn khi có kết quả; bạn cũng có thể xem trạng thái trong lịch sử thanh toán. Đừng
              thanh toán lại đơn này.
            </Trans>
          </p>
          <div className={s.actions}>
            <button type="button" className={button({ variant: 'primary' })} onClick={watch.retry} data-testid="payment-check-again">
              <Trans>Kiểm tra lại</Trans>
            </button>
            <HistoryLink />
          </div>
        </Frame>
      );
    case 'failed':
      return (
        <Frame state="failed">
          <h1 className={s.title}>
            <Trans>Thanh toán không thành công</Trans>
          </h1>
          <p className={s.lead} data-testid="payment-failure">
            {payment?.failure_reason ? i18n._(FAILURE_LABELS[payment.failure_reason]) : <Trans>Cổng thanh toán không xác nhận giao dịch.</Trans>}
          </p>
          <p className={s.muted}>
            <Trans>Bạn chưa bị trừ tiền cho đơn này.</Trans>
          </p>
          {payment?.failure_reason === 'superseded' ? (
            <p className={s.muted} data-testid="payment-superseded">
              <Trans>
                Hãy thanh toán đơn mới nhất trong lịch sử thanh toán. Nếu bạn vẫn chuyển tiền cho đơn này, số tiền sẽ được cộng vào số dư tài khoản.
              </Trans>
            </p>
          ) : null}
          <div className={s.actions}>
            {payment?.failure_reason === 'superseded' ? (
              <HistoryLink />
            ) : (
              <RetryLink payment={payment}>
                <Trans>Thử thanh toán lại</Trans>
              </RetryLink>
            )}
            <PricingLink />
          </div>
        </Frame>
      );
    case 'completed':
      return payment!.outcome === 'balance' ? <PaymentToBalance payment={payment!} /> : <PaymentCompleted payment={payment!} />;
  }
}

/** Paid, but it bought only balance (docs/product-rules.md#plan-settlement): what happened to the money. */
function PaymentToBalance({ payment }: { payment: Payment }) {
  const { i18n } = useLingui();
  const { locale } = useLocale();
  const overview = useQuery(billingOverviewQueryOptions());
  const what = itemLabel(i18n, payment.item, payment.period);
  const added = formatVnd(payment.balance_credit_vnd, locale);
  return (
    <Frame state="completed">
      <h1 className={s.title} data-testid="payment-to-balance">
        <Trans>Đã nhận thanh toán: {added} vào số dư tài khoản</Trans>
      </h1>
      <p className={s.lead}>
        {payment.failure_reason === 'superseded' ? (
          <Trans>Đơn {what} này đã được thay bằng một đơn hàng mới hơn, nên số tiền không mua gói này mà được cộng vào số dư tài khoản.</Trans>
        ) : (
          <Trans>Khi tiền đến, gói đang dùng đã thay đổi và số tiền không còn đủ cho {what}, nên gói không đổi và số tiền được cộng vào số dư tài khoản.</Trans>
        )}
      </p>
      <p className={s.muted}>
        <Trans>Số dư được tự động trừ vào lần thanh toán tới.</Trans>
      </p>
      {overview.data ? (
        <dl className={s.resultFacts}>
          <dt>
            <Trans>Số dư tài khoản</Trans>
          </dt>
          <dd data-testid="payment-money-balance">{formatVnd(overview.data.balance_vnd, locale)}</dd>
        </dl>
      ) : null}
      <div className={s.actions}>
        <Link to="/studio-pricing" className={button({ variant: 'primary' })}>
          <Trans>Về bảng giá</Trans>
        </Link>
        <Link to="/receipts/$paymentId" params={{ paymentId: payment.id }} className={button({ variant: 'secondary' })} data-testid="payment-receipt-link">
          <Trans>Xem biên lai</Trans>
        </Link>
      </div>
    </Frame>
  );
}

function PaymentCompleted({ payment }: { payment: Payment }) {
  const { i18n } = useLingui();
  const { locale } = useLocale();
  const overview = useQuery(billingOverviewQueryOptions());
  return (
    <Frame state="completed">
      <h1 className={s.title}>
        <Trans>Thanh toán thành công</Trans>
      </h1>
      <dl className={s.resultFacts}>
        <dt>
          <Trans>Bạn đã mua</Trans>
        </dt>
        <dd data-testid="payment-bought">{itemLabel(i18n, payment.item, payment.period)}</dd>
        <dt>
          <Trans>Số tiền</Trans>
        </dt>
        <dd>{formatVnd(payment.amount_vnd, locale)}</dd>
        <dt>
          <Trans>Phương thức</Trans>
        </dt>
        <dd>{i18n._(METHOD_LABELS[payment.method])}</dd>
        <dt>
          <Trans>Tín dụng được cộng</Trans>
        </dt>
        <dd>{formatCount(payment.credits, locale)}</dd>
        {payment.balance_credit_vnd > 0 ? (
          <>
            <dt>
              <Trans>Phần chưa dùng còn lại, vào số dư tài khoản</Trans>
            </dt>
            <dd data-testid="payment-balance-credit">+{formatVnd(payment.balance_credit_vnd, locale)}</dd>
          </>
        ) : null}
        {overview.data ? (
          <>
            <dt>
              <Trans>Gói hiện tại</Trans>
            </dt>
            <dd>{i18n._(PLAN_NAMES[overview.data.plan])}</dd>
            <dt>
              <Trans>Số dư tín dụng mới</Trans>
            </dt>
            <dd data-testid="payment-balance">{formatCount(overview.data.balance, locale)}</dd>
          </>
        ) : null}
      </dl>
      {payment.change === 'downgrade' || payment.change === 'renewal' ? (
        <p className={s.muted}>
          <Trans>Gói mới bắt đầu khi chu kỳ hiện tại kết thúc.</Trans>
        </p>
      ) : null}
      <div className={s.actions}>
        <Link to="/dashboard" className={button({ variant: 'primary' })} data-testid="payment-studio-link">
          <Trans>Bắt đầu sáng tạo</Trans>
        </Link>
        <Link to="/receipts/$paymentId" params={{ paymentId: payment.id }} className={button({ variant: 'secondary' })} data-testid="payment-receipt-link">
          <Trans>Xem biên lai</Trans>
        </Link>
      </div>
    </Frame>
  );
}

/** /payment/cancel and /payment/cancelled: the payer turned back at the provider. */
export function PaymentCancelPage({ order }: { order: string | undefined }) {
  const payment = useQuery({ ...paymentQueryOptions(order ?? ''), enabled: order !== undefined });
  return (
    <Frame state="cancelled">
      <h1 className={s.title}>
        <Trans>Bạn đã hủy thanh toán</Trans>
      </h1>
      <p className={s.lead}>
        <Trans>Không có khoản tiền nào bị trừ. Bạn có thể thanh toán lại ngay, hoặc chọn gói khác.</Trans>
      </p>
      {payment.data?.status === 'completed' ? (
        <p className={s.notice} role="status" data-testid="payment-already-paid">
          <Trans>Đơn hàng này thực ra đã được thanh toán.</Trans>{' '}
          <Link to="/payment/success" search={{ order: payment.data.id }}>
            <Trans>Xem kết quả</Trans>
          </Link>
        </p>
      ) : null}
      <div className={s.actions}>
        <RetryLink payment={payment.data}>
          <Trans>Thanh toán lại</Trans>
        </RetryLink>
        <PricingLink />
      </div>
    </Frame>
  );
}

const isFailureReason = (value: string | undefined): value is FailureReason => value !== undefined && (FAILURE_REASONS as readonly string[]).includes(value);

/** /payment/error?order&reason: the provider or our server could not finish the payment. */
export function PaymentErrorPage({ order, reason }: { order: string | undefined; reason: string | undefined }) {
  const { i18n } = useLingui();
  const payment = useQuery({ ...paymentQueryOptions(order ?? ''), enabled: order !== undefined });
  const known = payment.data?.failure_reason ?? (isFailureReason(reason) ? reason : null);
  const code = payment.data?.order_code;
  return (
    <Frame state="error">
      <h1 className={s.title}>
        <Trans>Có lỗi trong quá trình thanh toán</Trans>
      </h1>
      <p className={s.lead} data-testid="payment-error-reason">
        {known ? i18n._(FAILURE_LABELS[known]) : <Trans>Cổng thanh toán không hoàn tất được giao dịch.</Trans>}
      </p>
      <p className={s.muted}>
        {code !== undefined ? (
          <Trans>Nếu tài khoản của bạn đã bị trừ tiền, đừng thanh toán lại: hãy xem lịch sử thanh toán hoặc liên hệ hỗ trợ kèm mã đơn {code}.</Trans>
        ) : (
          <Trans>Nếu tài khoản của bạn đã bị trừ tiền, đừng thanh toán lại: hãy xem lịch sử thanh toán hoặc liên hệ hỗ trợ.</Trans>
        )}
      </p>
      <div className={s.actions}>
        <RetryLink payment={payment.data}>
          <Trans>Thử lại</Trans>
        </RetryLink>
        <HistoryLink />
      </div>
    </Frame>
  );
}
