import { useId, useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { isPackId, type BillingPlans, type CheckoutItem, type CheckoutRequest } from '../../contract/billing.schema.ts';
import type { BillingPeriod, PurchasablePlanId } from '../../contract/plans.ts';
import type { PackId, PaymentMethod } from '../../contract/packs.ts';
import { formatVnd } from '../../lib/format.ts';
import { useOnline } from '../../lib/offline/online.ts';
import { useLocale } from '../../lib/use-locale.ts';
import { button } from '../../ui/button.ts';
import { Card } from '../../ui/Card.tsx';
import { RadioChoice } from '../../ui/RadioChoice.tsx';
import { EmptyState, ErrorState } from '../../ui/States.tsx';
import { CheckoutSummary, useQuote } from './CheckoutSummary.tsx';
import { ItemPicker, PeriodToggle } from './ItemPicker.tsx';
import { itemLabel, METHOD_LABELS } from './labels.ts';
import { leaveFor } from './leave.ts';
import { billingPlansQueryOptions, useCheckout } from './queries.ts';
import type { CheckoutSearch } from './search.ts';
import * as s from './billing.css.ts';
import { billingErrorText } from './error-text.ts';

export interface CheckoutPageProps {
  search: CheckoutSearch;
  /** Writes the choice into the address (item, period, method), so a reload or a retry finds it. */
  onSearchChange: (next: CheckoutSearch) => void;
}

/**
 * /checkout?item&period&method (signed in, public layout): what is bought (or a picker), the
 * billing period of a plan, the payment method among the enabled ones, the server's quote, the
 * terms; then POST /api/billing/checkout and off to the provider's page.
 *
 * Test ids: `checkout-page`, `checkout-loading`, `checkout-error`, `checkout-empty`,
 * `checkout-chosen`, `checkout-change`, `method-<method>`, `checkout-terms`, `terms-error`,
 * `checkout-submit`, `checkout-failure`, `checkout-offline`.
 */
export function CheckoutPage({ search, onSearchChange }: CheckoutPageProps) {
  const plans = useQuery(billingPlansQueryOptions());
  const online = useOnline();
  let body;
  if (plans.isError) {
    body = (
      <ErrorState title={<Trans>Lỗi khi tải bảng giá</Trans>} onRetry={() => void plans.refetch()} testId="checkout-error">
        <p className={s.muted}>
          <Trans>Không tải được thông tin giá. Vui lòng thử lại.</Trans>
        </p>
      </ErrorState>
    );
  } else if (!plans.data) {
    body =
      plans.fetchStatus === 'paused' || !online ? (
        <p className={s.notice} role="status" data-testid="checkout-offline">
          <Trans>Bạn đang ngoại tuyến. Trang thanh toán sẽ tự tải khi có mạng trở lại.</Trans>
        </p>
      ) : (
        <Card aria-busy="true" data-testid="checkout-loading">
          <span className={s.skeleton} />
        </Card>
      );
  } else if (plans.data.plans.length + plans.data.packs.length === 0 || plans.data.methods.length === 0) {
    body = (
      <EmptyState
        title={<Trans>Chưa có gói nào đang bán</Trans>}
        testId="checkout-empty"
        actions={
          <Link to="/studio-pricing" className={button({ variant: 'secondary' })}>
            <Trans>Về bảng giá</Trans>
          </Link>
        }
      />
    );
  } else {
    body = <CheckoutForm catalogue={plans.data} search={search} onSearchChange={onSearchChange} online={online} />;
  }
  return (
    <div className={s.narrowPage} data-testid="checkout-page">
      <h1 className={s.title}>
        <Trans>Thanh toán</Trans>
      </h1>
      {body}
    </div>
  );
}

interface CheckoutFormProps extends CheckoutPageProps {
  catalogue: BillingPlans;
  online: boolean;
}

function CheckoutForm({ catalogue, search, onSearchChange, online }: CheckoutFormProps) {
  const { i18n, t } = useLingui();
  const { locale } = useLocale();
  const termsId = useId();
  const termsRef = useRef<HTMLInputElement>(null);
  const planIds = catalogue.plans.map((plan) => plan.id).filter((id): id is PurchasablePlanId => id !== 'free' && id !== 'enterprise');
  const packIds: PackId[] = catalogue.packs.map((pack) => pack.id);
  const onSale = (value: CheckoutItem | undefined): value is CheckoutItem =>
    value !== undefined && (isPackId(value) ? packIds.includes(value) : planIds.includes(value as PurchasablePlanId));
  const item = onSale(search.item) ? search.item : undefined;
  const [picking, setPicking] = useState(item === undefined);
  const pack = item !== undefined && isPackId(item);
  const period: BillingPeriod = search.period ?? 'monthly';
  const method: PaymentMethod = search.method && catalogue.methods.includes(search.method) ? search.method : catalogue.methods[0]!;
  const [accepted, setAccepted] = useState(false);
  const [termsError, setTermsError] = useState(false);
  const quote = useQuote(item, pack ? null : period);
  const checkout = useCheckout();

  const change = (next: Partial<CheckoutSearch>) => onSearchChange({ ...search, item, period: search.period, method, ...next });

  const submit = async () => {
    if (!item || !quote.data) return;
    if (!accepted) {
      setTermsError(true);
      termsRef.current?.focus();
      return;
    }
    const body: CheckoutRequest = { item, method, accept_terms: true, language: locale, ...(pack ? {} : { period }) };
    try {
      const answer = await checkout.checkout(body);
      leaveFor(answer.redirect_url);
    } catch {
      // The mutation's error shows under the button; Try Again sends the same request with its key.
    }
  };

  const pending = checkout.isPending || checkout.isSuccess;
  return (
    <form
      className={s.section}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      {picking || item === undefined ? (
        <ItemPicker
          plans={planIds}
          packs={packIds}
          item={item}
          period={period}
          onItemChange={(next) => {
            change({ item: next });
            setPicking(false);
          }}
          onPeriodChange={(next) => change({ period: next })}
        />
      ) : (
        <Card className={s.chosen} data-testid="checkout-chosen" data-item={item}>
          <span className={s.choiceName}>{itemLabel(i18n, item, pack ? null : period)}</span>
          <button type="button" className={button({ variant: 'secondary' })} onClick={() => setPicking(true)} data-testid="checkout-change">
            <Trans>Đổi lựa chọn</Trans>
          </button>
        </Card>
      )}
      {item !== undefined && !pack && !picking ? <PeriodToggle period={period} onChange={(next) => change({ period: next })} /> : null}

      <fieldset className={s.fieldset}>
        <legend className={s.legend}>
          <Trans>Phương thức thanh toán</Trans>
        </legend>
        <div className={s.choices}>
          {catalogue.methods.map((value) => (
            <RadioChoice
              key={value}
              look="card"
              name="payment-method"
              value={value}
              checked={method === value}
              onChange={() => change({ method: value })}
              testId={`method-${value}`}
            >
              <span className={s.choiceBody}>
                <span className={s.choiceName}>{i18n._(METHOD_LABELS[value])}</span>
              </span>
            </RadioChoice>
          ))}
        </div>
      </fieldset>

      {item !== undefined ? <CheckoutSummary quote={quote} /> : null}

      <div className={s.fieldset}>
        <label className={s.terms} htmlFor={termsId}>
          <input
            ref={termsRef}
            id={termsId}
            type="checkbox"
            className={s.checkbox}
            checked={accepted}
            onChange={(event) => {
              setAccepted(event.target.checked);
              if (event.target.checked) setTermsError(false);
            }}
            aria-invalid={termsError || undefined}
            aria-describedby={termsError ? `${termsId}-error` : undefined}
            data-testid="checkout-terms"
          />
          {t`Tôi đồng ý với Điều khoản dịch vụ và chính sách hoàn tiền của Atelier.`}
        </label>
        <a href="/terms" target="_blank" rel="noopener" className={s.inlineLink} data-testid="checkout-terms-link">
          <Trans>Đọc Điều khoản dịch vụ và chính sách hoàn tiền</Trans>
        </a>
        {termsError ? (
          <p id={`${termsId}-error`} className={s.fieldError} role="alert" data-testid="terms-error">
            <Trans>Vui lòng đồng ý với Điều khoản dịch vụ và chính sách hoàn tiền để tiếp tục.</Trans>
          </p>
        ) : null}
      </div>

      {!online ? (
        <p className={s.notice} role="status" data-testid="checkout-offline">
          <Trans>Bạn đang ngoại tuyến. Hãy kết nối mạng để thanh toán.</Trans>
        </p>
      ) : null}
      {checkout.isError ? (
        <div className={s.alert} role="alert" data-testid="checkout-failure">
          <strong>
            <Trans>Không tạo được đơn thanh toán</Trans>
          </strong>
          <span>{billingErrorText(i18n, checkout.error)}</span>
          <span>
            <Trans>Bạn chưa bị trừ tiền. Hãy thử lại hoặc chọn phương thức thanh toán khác.</Trans>
          </span>
        </div>
      ) : null}
      <div className={s.actions}>
        <button
          type="submit"
          className={button({ variant: 'accent', size: 'lg' })}
          disabled={pending || !online || item === undefined || !quote.data}
          aria-busy={pending}
          data-testid="checkout-submit"
        >
          {pending ? t`Đang chuyển đến trang thanh toán…` : quote.data ? t`Thanh toán ${formatVnd(quote.data.amount_vnd, locale)}` : t`Thanh toán`}
        </button>
        <Link to="/studio-pricing" className={button({ variant: 'ghost' })}>
          <Trans>Về bảng giá</Trans>
        </Link>
      </div>
    </form>
  );
}
