import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { useLingui } from '@lingui/react';
// From the numbers module, not format.ts: the public page loads only what it shows.
import { formatVnd } from '../../../../lib/format-number.ts';
import { useLocale } from '../../../../lib/use-locale.ts';
import { AppLink } from '../../../../ui/link.tsx';
import { ArrowRightIcon } from '../../../../ui/icons/site/ArrowRightIcon.tsx';
import { IconCheck } from '../../../../ui/icons/app/IconCheck.tsx';
import * as ui from '../sections.css.ts';
import * as s from './home.css.ts';

/** docs/product-rules.md#annual-discount: annual billing saves 20%. */
const ANNUAL_DISCOUNT = 0.2;

interface TeaserPlan {
  id: string;
  name: MessageDescriptor;
  audience: MessageDescriptor;
  /** Price in VND a month, billed monthly. */
  monthlyVnd: number;
  perks: readonly MessageDescriptor[];
  featured?: boolean;
}

/** A teaser of the plans; /pricing has the full table. */
const PLANS: readonly TeaserPlan[] = [
  {
    id: 'free',
    name: msg`Miễn phí`,
    audience: msg`Để thử mọi công cụ trước khi trả tiền`,
    monthlyVnd: 0,
    perks: [msg`5 tín dụng miễn phí`, msg`Dùng được cả sáu công cụ`, msg`Ảnh xuất có watermark`],
  },
  {
    id: 'basic',
    name: msg`Basic`,
    audience: msg`Cho shop online ra mắt hàng mới mỗi tuần`,
    monthlyVnd: 199_000,
    perks: [msg`100 tín dụng mỗi tháng`, msg`Ảnh xuất không watermark`, msg`Mua thêm tín dụng khi cần`],
  },
  {
    id: 'pro',
    name: msg`Pro`,
    audience: msg`Cho thương hiệu và salon làm ảnh hằng ngày`,
    monthlyVnd: 499_000,
    perks: [msg`300 tín dụng mỗi tháng`, msg`Ảnh xuất không watermark`, msg`Mua thêm tín dụng khi cần`],
    featured: true,
  },
];

/** The home page's pricing teaser: the three plans, monthly and annual prices in đồng. */
export function PricingTeaser() {
  const { i18n } = useLingui();
  const { locale } = useLocale();
  return (
  <section className={ui.section.paper} aria-labelledby="home-pricing-title">
    <div className={ui.container}>
      <div className={s.pricingHead}>
        <div className={ui.flushHead}>
          <p className={ui.eyebrow}>
            <Trans>Bảng giá</Trans>
          </p>
          <h2 id="home-pricing-title" className={ui.title}>
            <Trans>Bắt đầu miễn phí, trả tiền khi bạn cần nhiều hơn</Trans>
          </h2>
          <p className={ui.lead}>
            <Trans>
              Mỗi lần tạo dùng tín dụng: thử đồ ảo, tạo người mẫu và đổi kiểu tóc tốn 1 tín dụng, ảnh thành video tốn 2.
              Lần tạo nào lỗi, tín dụng được hoàn lại.
            </Trans>
          </p>
        </div>
        <p className={s.annualNote}>
          <span className={s.saveBadge}>
            <Trans>Tiết kiệm 20%</Trans>
          </span>
          <Trans>khi thanh toán theo năm</Trans>
        </p>
      </div>

      <ul className={s.plans}>
        {PLANS.map((plan) => {
          const annual = formatVnd(Math.round(plan.monthlyVnd * (1 - ANNUAL_DISCOUNT)), locale);
          return (
            <li key={plan.id}>
              <article className={plan.featured ? s.planFeatured : s.plan}>
                <div>
                  <h3 className={s.planName}>{i18n._(plan.name)}</h3>
                  <p className={s.planFor}>{i18n._(plan.audience)}</p>
                </div>
                <div>
                  <p className={s.price}>
                    <span className={s.priceValue}>{formatVnd(plan.monthlyVnd, locale)}</span>
                    {plan.monthlyVnd > 0 && <Trans>/ tháng</Trans>}
                  </p>
                  <p className={s.priceAnnual}>
                    {plan.monthlyVnd > 0 ? (
                      <Trans>hoặc {annual}/tháng khi trả theo năm</Trans>
                    ) : (
                      <Trans>Không cần trả phí để dùng thử</Trans>
                    )}
                  </p>
                </div>
                <ul className={s.perks}>
                  {plan.perks.map((perk) => (
                    <li key={perk.id} className={s.perk}>
                      <IconCheck size={18} strokeWidth={1.75} className={s.perkIcon} />
                      {i18n._(perk)}
                    </li>
                  ))}
                </ul>
              </article>
            </li>
          );
        })}
      </ul>

      <div className={s.pricingFoot}>
        <p className={s.smallPrint}>
          <Trans>
            Bạn có thể nâng cấp hoặc hạ gói bất cứ lúc nào, và mua thêm tín dụng mà không cần đổi gói.
          </Trans>
        </p>
        <AppLink to="/pricing" className={ui.textLink}>
          <Trans>Xem bảng giá đầy đủ</Trans>
          <ArrowRightIcon size={18} />
        </AppLink>
      </div>
    </div>
  </section>
  );
}
