import { useQuery } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import type { Quote } from '../../contract/billing.schema.ts';
import { formatCount, formatDate, formatVnd } from '../../lib/format.ts';
import { useLocale } from '../../lib/use-locale.ts';
import { Card } from '../../ui/Card.tsx';
import { ErrorState } from '../../ui/States.tsx';
import { quoteQueryOptions } from './queries.ts';
import { itemLabel } from './labels.ts';
import * as s from './billing.css.ts';

/**
 * The order summary of the checkout, from GET /api/billing/quote: the list price, the credit for
 * the unused part of the current plan (an upgrade), the account's money balance taken off, the
 * total with VAT included, the credits, and when it starts and ends. A downgrade or a renewal
 * starts when the current cycle ends.
 *
 * Test ids `checkout-summary` (`data-status`), `summary-price`, `summary-proration`,
 * `summary-balance`, `summary-total`, `summary-credits`, `summary-starts`.
 */
export function CheckoutSummary({ quote }: { quote: ReturnType<typeof useQuote> }) {
  const { t } = useLingui();
  if (quote.isError) {
    return (
      <ErrorState
        title={<Trans>Lỗi khi tải bảng giá</Trans>}
        onRetry={() => void quote.refetch()}
        variant="compact"
        testId="checkout-summary"
        data={{ 'data-status': 'error' }}
      >
        <p className={s.muted}>
          <Trans>Không tải được thông tin giá. Vui lòng thử lại.</Trans>
        </p>
      </ErrorState>
    );
  }
  if (!quote.data) {
    return (
      <Card as="section" aria-busy="true" aria-label={t`Đang tính giá…`} data-testid="checkout-summary" data-status="loading">
        <span className={s.skeleton} />
      </Card>
    );
  }
  return <QuoteFacts quote={quote.data} />;
}

export function useQuote(item: Quote['item'] | undefined, period: Quote['period']) {
  return useQuery({ ...quoteQueryOptions(item ?? 'pack_50', period), enabled: item !== undefined });
}

function QuoteFacts({ quote }: { quote: Quote }) {
  const { i18n, t } = useLingui();
  const { locale } = useLocale();
  const vnd = (amount: number) => formatVnd(amount, locale);
  const starts = formatDate(quote.starts_at, locale);
  const ends = formatDate(quote.ends_at, locale);
  const later = quote.change === 'downgrade' || quote.change === 'renewal';
  return (
    <Card as="section" aria-labelledby="checkout-summary-title" data-testid="checkout-summary" data-status="ready" data-change={quote.change ?? 'pack'}>
      <div className={s.section}>
        <h2 id="checkout-summary-title" className={s.sectionTitle}>
          <Trans>Tóm tắt đơn hàng</Trans>
        </h2>
        <p className={s.choiceName}>{itemLabel(i18n, quote.item, quote.period)}</p>
        {quote.change === 'upgrade' ? (
          <p className={s.muted}>
            <Trans>Nâng cấp: gói mới bắt đầu ngay, phần chưa dùng của gói hiện tại được trừ vào giá.</Trans>
          </p>
        ) : null}
        {quote.change === 'downgrade' ? (
          <p className={s.muted} data-testid="summary-starts">
            <Trans>Đổi gói: bắt đầu từ ngày {starts}, khi chu kỳ hiện tại kết thúc.</Trans>
          </p>
        ) : null}
        {quote.change === 'renewal' ? (
          <p className={s.muted} data-testid="summary-starts">
            <Trans>Gia hạn: bắt đầu từ ngày {starts}, khi chu kỳ hiện tại kết thúc.</Trans>
          </p>
        ) : null}
        <dl className={s.facts}>
          <dt>
            <Trans>Giá niêm yết</Trans>
          </dt>
          <dd data-testid="summary-price">{vnd(quote.price_vnd)}</dd>
          {quote.proration_credit_vnd > 0 ? (
            <>
              <dt>
                <Trans>Trừ phần chưa dùng của gói hiện tại</Trans>
              </dt>
              <dd className={s.credit} data-testid="summary-proration">
                −{vnd(quote.proration_credit_vnd)}
              </dd>
            </>
          ) : null}
          {quote.balance_applied_vnd > 0 ? (
            <>
              <dt>
                <Trans>Trừ số dư tài khoản</Trans>
              </dt>
              <dd className={s.credit} data-testid="summary-balance">
                −{vnd(quote.balance_applied_vnd)}
              </dd>
            </>
          ) : null}
          <dt className={s.total}>
            <Trans>Tổng thanh toán</Trans>
          </dt>
          <dd className={s.total} data-testid="summary-total">
            {vnd(quote.amount_vnd)}
          </dd>
          <dt>
            <Trans>Tín dụng nhận được</Trans>
          </dt>
          <dd data-testid="summary-credits">{formatCount(quote.credits, locale)}</dd>
          <dt>{quote.change === null ? <Trans>Hạn dùng tín dụng</Trans> : <Trans>Thời hạn</Trans>}</dt>
          <dd data-testid="summary-period">{quote.change === null ? t`Đến ${ends}` : t`${starts} – ${ends}`}</dd>
        </dl>
        <p className={s.muted}>
          <Trans>Giá đã bao gồm VAT.</Trans>
        </p>
        {later ? null : (
          <p className={s.muted}>
            <Trans>Áp dụng ngay khi thanh toán thành công.</Trans>
          </p>
        )}
      </div>
    </Card>
  );
}
