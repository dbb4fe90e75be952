import { Plural, Trans } from '@lingui/react/macro';
import { PACK_LIST, PACK_VALIDITY_MONTHS } from '../../../../contract/packs.ts';
import { useLocale } from '../../../../lib/use-locale.ts';
import { button } from '../../../../ui/button.ts';
import { AppLink } from '../../../../ui/link.tsx';
import * as ui from '../sections.css.ts';
import * as s from './pricing.css.ts';
import { formatVnd } from './vnd.ts';

/** The credit packs: bought on any plan, free included, and lasting PACK_VALIDITY_MONTHS. */
export function Packs() {
  const { locale } = useLocale();
  const months = PACK_VALIDITY_MONTHS;
  return (
    <section className={ui.section.sand} aria-labelledby="pricing-packs-title">
      <div className={ui.container}>
        <div className={ui.sectionHead}>
          <p className={ui.eyebrow}>
            <Trans>Gói tín dụng</Trans>
          </p>
          <h2 id="pricing-packs-title" className={ui.title}>
            <Trans>Cần thêm tín dụng? Mua thêm mà không phải đổi gói</Trans>
          </h2>
          <p className={ui.lead}>
            <Trans>Mua được trên mọi gói, kể cả gói miễn phí. Tín dụng mua thêm dùng trong {months} tháng.</Trans>
          </p>
        </div>
        <ul className={s.packs} data-testid="packs">
          {PACK_LIST.map((pack) => {
            const perCredit = formatVnd(Math.round(pack.priceVnd / pack.credits), locale);
            return (
              <li key={pack.id} className={pack.highlighted ? s.packFeatured : s.pack} data-pack={pack.id}>
                <p className={s.packCredits}>
                  <Plural value={pack.credits} other="# tín dụng" />
                </p>
                <p className={s.packPrice}>{formatVnd(pack.priceVnd, locale)}</p>
                <p className={s.packNote}>
                  <Trans>khoảng {perCredit} một tín dụng</Trans>
                </p>
                <AppLink to={`/checkout?item=${pack.id}`} className={`${button({ variant: pack.highlighted ? 'accent' : 'secondary' })} ${s.packButton}`}>
                  <Plural value={pack.credits} other="Mua # tín dụng" />
                </AppLink>
              </li>
            );
          })}
        </ul>
      </div>
    </section>
  );
}
