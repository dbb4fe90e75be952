import { useId } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useLingui as useLinguiRuntime } from '@lingui/react';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { AppLink } from '../../../ui/link.tsx';
import { MailIcon } from '../../../ui/icons/site/MailIcon.tsx';
import { MapPinIcon } from '../../../ui/icons/site/MapPinIcon.tsx';
import { MasterCardMark, VietQrMark, VisaMark } from '../../../ui/icons/site/marks.tsx';
import { PhoneIcon } from '../../../ui/icons/site/PhoneIcon.tsx';
import { COMPANY, SOCIAL_LINKS, SOCIAL_SPRITE } from '../company.ts';
import { SpriteIcon } from '../../../ui/icons/SpriteIcon.tsx';
import { Wordmark } from './Wordmark.tsx';
import * as s from './Footer.css.ts';

interface FooterLink {
  to: string;
  label: MessageDescriptor;
}

/** The footer links (docs/product-rules.md#footer), grouped for reading. */
const EXPLORE: readonly FooterLink[] = [
  { to: '/about', label: msg`Về chúng tôi` },
  { to: '/services/virtual-tryon', label: msg`Thử đồ ảo` },
  { to: '/contact', label: msg`Liên hệ` },
];

const POLICIES: readonly FooterLink[] = [
  { to: '/privacy', label: msg`Chính sách bảo mật` },
  { to: '/terms', label: msg`Điều khoản sử dụng` },
  { to: '/shipping', label: msg`Chính sách giao hàng` },
  { to: '/warranty', label: msg`Chính sách bảo hành` },
];

/** The public footer (docs/product-rules.md#footer): links, social networks, payment marks, contact, copyright. */
export function Footer() {
  const { t } = useLingui();
  const { i18n } = useLinguiRuntime();
  const paymentsLabelId = useId();

  const renderLinks = (links: readonly FooterLink[]) => (
    <ul className={s.list}>
      {links.map(({ to, label }) => (
        <li key={to}>
          <AppLink to={to} className={s.link}>
            {i18n._(label)}
          </AppLink>
        </li>
      ))}
    </ul>
  );

  return (
    <footer className={s.footer} data-testid="site-footer">
      <div className={s.inner}>
        <div className={s.grid}>
          <div className={`${s.brand} ${s.wide}`}>
            <Wordmark />
            <p className={s.tagline}>
              <Trans>Studio AI cho thời trang và làm đẹp: thử đồ, chỉnh ảnh, đổi kiểu tóc và làm video sản phẩm, ngay trên trình duyệt.</Trans>
            </p>
            <ul className={s.socials}>
              {SOCIAL_LINKS.map(({ network, href, symbol }) => (
                <li key={network}>
                  <a href={href} className={s.social} target="_blank" rel="noopener noreferrer" aria-label={t`Atelier trên ${network} (mở trong thẻ mới)`}>
                    <SpriteIcon sprite={SOCIAL_SPRITE} symbol={symbol} size={18} />
                  </a>
                </li>
              ))}
            </ul>
          </div>

          <nav aria-label={t`Khám phá`}>
            <h2 className={s.heading}>
              <Trans>Khám phá</Trans>
            </h2>
            {renderLinks(EXPLORE)}
          </nav>

          <nav aria-label={t`Chính sách`}>
            <h2 className={s.heading}>
              <Trans>Chính sách</Trans>
            </h2>
            {renderLinks(POLICIES)}
          </nav>

          <div className={s.wide}>
            <h2 className={s.heading}>
              <Trans>Liên hệ</Trans>
            </h2>
            <address className={s.address}>
              <a href={`mailto:${COMPANY.email}`} className={`${s.link} ${s.contactRow}`}>
                <MailIcon size={18} className={s.contactIcon} />
                {COMPANY.email}
              </a>
              <a href={COMPANY.phoneHref} className={`${s.link} ${s.contactRow}`}>
                <PhoneIcon size={18} className={s.contactIcon} />
                {COMPANY.phone}
              </a>
              <p className={s.contactRow}>
                <MapPinIcon size={18} className={s.contactIcon} />
                <span>
                  {COMPANY.legalName}
                  <br />
                  <Trans>72 Lê Thánh Tôn, Phường Sài Gòn, TP. Hồ Chí Minh, Việt Nam</Trans>
                </span>
              </p>
            </address>
          </div>
        </div>

        <div className={s.bottom}>
          <p>
            <Trans>© 2025 Atelier. Bảo lưu mọi quyền.</Trans>
          </p>
          <div className={s.payments}>
            <span id={paymentsLabelId}>
              <Trans>Chấp nhận thanh toán</Trans>
            </span>
            <ul className={s.paymentList} aria-labelledby={paymentsLabelId}>
              <li>
                <VietQrMark label="VietQR" className={s.paymentMark} />
              </li>
              <li>
                <VisaMark label="Visa" className={s.paymentMark} />
              </li>
              <li>
                <MasterCardMark label="MasterCard" className={s.paymentMark} />
              </li>
            </ul>
          </div>
        </div>
      </div>
    </footer>
  );
}
