import { useState } from 'react';
import { Link } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import type { BillingOverview, Subscription } from '../../contract/billing.schema.ts';
import { formatCount, formatDate, formatVnd } from '../../lib/format.ts';
import { useLocale } from '../../lib/use-locale.ts';
import { button } from '../../ui/button.ts';
import { Card } from '../../ui/Card.tsx';
import { ConfirmDialog } from '../../ui/ConfirmDialog.tsx';
import { PLAN_NAMES } from '../../lib/plan-names.ts';
import { METHOD_LABELS, PERIOD_LABELS, planItemLabel } from './labels.ts';
import { useUpdateSubscription } from './queries.ts';
import * as s from './billing.css.ts';
import { billingErrorText } from './error-text.ts';

/**
 * The header of /studio-pricing: the current plan and period, the cycle, the credit balance, the
 * money balance when there is one (docs/product-rules.md#plan-settlement), a paid cycle that
 * follows, the change chosen for the end of the cycle (with Undo), and automatic renewal (turned
 * off after a confirmation). Test ids: `plan-header` (`data-plan`), `plan-balance`,
 * `plan-money-balance`, `plan-cycle`, `plan-next`, `plan-scheduled`, `plan-undo`, `plan-auto-renew`
 * (`data-on`), `plan-auto-renew-off`, `auto-renew-dialog`, `plan-update-error`.
 */
export function PlanHeaderCard({ overview }: { overview: BillingOverview }) {
  const { i18n } = useLingui();
  const { locale } = useLocale();
  const sub = overview.subscription;
  return (
    <Card as="section" padding="lg" className={s.headerCard} aria-labelledby="plan-header-title" data-testid="plan-header" data-plan={overview.plan}>
      <div className={s.section}>
        <p className={s.muted}>
          <Trans>Gói hiện tại</Trans>
        </p>
        <h2 id="plan-header-title" className={s.planName}>
          {i18n._(PLAN_NAMES[overview.plan])}
          {sub ? ` · ${i18n._(PERIOD_LABELS[sub.period])}` : null}
        </h2>
        {sub ? (
          <p className={s.lead} data-testid="plan-cycle">
            <Trans>
              Chu kỳ hiện tại: {formatDate(sub.started_at, locale)} – {formatDate(sub.ends_at, locale)}
            </Trans>
          </p>
        ) : (
          <p className={s.lead}>
            <Trans>Bạn đang dùng gói miễn phí: kết quả có hình mờ. Nâng cấp để xuất ảnh không hình mờ và nhận tín dụng mỗi tháng.</Trans>
          </p>
        )}
      </div>
      <div className={s.section}>
        <p className={s.muted}>
          <Trans>Số dư tín dụng</Trans>
        </p>
        <p className={s.balance} data-testid="plan-balance">
          {formatCount(overview.balance, locale)}
        </p>
      </div>
      {overview.balance_vnd > 0 ? (
        <div className={s.section} data-testid="plan-money-balance">
          <p className={s.muted}>
            <Trans>Số dư tài khoản</Trans>
          </p>
          <p className={s.balance}>{formatVnd(overview.balance_vnd, locale)}</p>
          <p className={s.muted}>
            <Trans>Tự động trừ vào lần thanh toán tới.</Trans>
          </p>
        </div>
      ) : null}
      {sub ? <SubscriptionState sub={sub} /> : null}
    </Card>
  );
}

function SubscriptionState({ sub }: { sub: Subscription }) {
  const { i18n } = useLingui();
  const { locale } = useLocale();
  const update = useUpdateSubscription();
  const [confirming, setConfirming] = useState(false);
  const ends = formatDate(sub.ends_at, locale);
  const renewSearch = { item: sub.plan === 'free' || sub.plan === 'enterprise' ? undefined : sub.plan, period: sub.period };

  return (
    <div className={s.section}>
      {sub.next ? (
        <p className={s.lead} data-testid="plan-next">
          <Trans>
            Đã thanh toán: {planItemLabel(i18n, sub.next.plan, sub.next.period)}, bắt đầu từ {formatDate(sub.next.starts_at, locale)}.
          </Trans>
        </p>
      ) : null}
      {sub.scheduled ? (
        <div className={s.chosen} data-testid="plan-scheduled" data-plan={sub.scheduled.plan}>
          <p className={s.lead}>
            {sub.scheduled.plan === 'free' ? (
              <Trans>Gói sẽ không gia hạn và kết thúc vào {ends}.</Trans>
            ) : (
              <Trans>
                Sẽ chuyển sang {planItemLabel(i18n, sub.scheduled.plan, sub.scheduled.period)} từ {ends}.
              </Trans>
            )}
          </p>
          <button
            type="button"
            className={button({ variant: 'secondary' })}
            disabled={update.isPending}
            onClick={() => update.mutate({ scheduled: null })}
            data-testid="plan-undo"
          >
            <Trans>Hoàn tác</Trans>
          </button>
        </div>
      ) : null}
      <div className={s.chosen} data-testid="plan-auto-renew" data-on={sub.auto_renew}>
        <p className={s.lead}>
          {sub.auto_renew ? (
            sub.method ? (
              <Trans>
                Tự động gia hạn: đang bật, thanh toán bằng {i18n._(METHOD_LABELS[sub.method])} vào {ends}.
              </Trans>
            ) : (
              <Trans>Tự động gia hạn: đang bật, vào {ends}.</Trans>
            )
          ) : (
            <Trans>Tự động gia hạn: đang tắt. Gói kết thúc vào {ends} nếu bạn không gia hạn.</Trans>
          )}
        </p>
        {sub.auto_renew ? (
          <button
            type="button"
            className={button({ variant: 'secondary' })}
            disabled={update.isPending}
            onClick={() => setConfirming(true)}
            data-testid="plan-auto-renew-off"
          >
            <Trans>Tắt tự động gia hạn</Trans>
          </button>
        ) : renewSearch.item && !sub.next ? (
          <Link
            to="/checkout"
            search={{ item: renewSearch.item, period: renewSearch.period }}
            className={button({ variant: 'secondary' })}
            data-testid="plan-renew"
          >
            <Trans>Gia hạn ngay</Trans>
          </Link>
        ) : null}
      </div>
      {update.isError ? (
        <p className={s.fieldError} role="alert" data-testid="plan-update-error">
          <Trans>Không lưu được thay đổi: {billingErrorText(i18n, update.error)}</Trans>
        </p>
      ) : null}
      {confirming ? (
        <ConfirmDialog
          title={<Trans>Tắt tự động gia hạn?</Trans>}
          confirmLabel={<Trans>Tắt tự động gia hạn</Trans>}
          cancelLabel={<Trans>Giữ nguyên</Trans>}
          testId="auto-renew-dialog"
          onCancel={() => setConfirming(false)}
          onConfirm={() => {
            setConfirming(false);
            update.mutate({ auto_renew: false });
          }}
        >
          <p>
            <Trans>
              Gói của bạn vẫn dùng được đến hết ngày {ends} và sẽ không bị trừ tiền tự động nữa. Muốn tiếp tục, bạn gia hạn bằng một lần thanh toán mới.
            </Trans>
          </p>
        </ConfirmDialog>
      ) : null}
    </div>
  );
}
