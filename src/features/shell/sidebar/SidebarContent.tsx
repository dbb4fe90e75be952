import { Trans, useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { useAtomValue } from 'jotai';
import { sessionUserAtom } from '../../../lib/session.ts';
import { AccountMenu } from './AccountMenu.tsx';
import { Brand } from './Brand.tsx';
import { LanguageToggle } from './LanguageToggle.tsx';
import { NavLinks } from './NavLinks.tsx';
import { SignInButton } from './SignInButton.tsx';
import * as s from './sidebar.css.ts';

/**
 * What the fixed sidebar and the drawer show: the wordmark and language toggle, the studio
 * navigation, and the account card (or Sign In for a guest).
 */
export function SidebarContent({ onNavigate, closeButton }: { onNavigate?: () => void; closeButton?: ReactNode }) {
  const { t } = useLingui();
  const user = useAtomValue(sessionUserAtom);
  return (
    <div className={s.sidebar}>
      <div className={s.sidebarTop}>
        <Brand onNavigate={onNavigate} />
        {/* In the drawer the close button takes the corner and the toggle moves to the foot. */}
        {closeButton ?? <LanguageToggle />}
      </div>
      <nav className={s.nav} aria-label={t`Điều hướng studio`}>
        <NavLinks layout="column" onNavigate={onNavigate} />
      </nav>
      <div className={s.sidebarFooter}>
        {closeButton && (
          <div className={s.footerRow}>
            <span>
              <Trans>Ngôn ngữ</Trans>
            </span>
            <LanguageToggle />
          </div>
        )}
        {user ? (
          <AccountMenu user={user} placement="up" onNavigate={onNavigate} />
        ) : (
          <div className={s.guestCard}>
            <SignInButton onOpen={onNavigate} />
            <p className={s.guestHint}>
              <Trans>Đăng nhập để dùng các công cụ và xem lại ảnh, video bạn đã tạo.</Trans>
            </p>
          </div>
        )}
      </div>
    </div>
  );
}
