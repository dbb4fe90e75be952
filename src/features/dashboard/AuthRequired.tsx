import { useId, type ReactNode } from 'react';
import { Trans } from '@lingui/react/macro';
import { button } from '../../ui/button.ts';
import { useOpenAuthModal } from '../auth/auth-modal-state.ts';
import { IconLock } from '../../ui/icons/app/IconLock.tsx';
import * as s from './dashboard.css.ts';

interface AuthRequiredProps {
  /** Which personal section it stands in for (`data-section`, for tests and analytics). */
  section: 'stats' | 'body-models' | 'recent';
  /** What signing in would show here. */
  hint: ReactNode;
}

/**
 * docs/product-rules.md#dashboard: what a guest sees in place of a personal section ('Authentication Required / Please
 * login to access this feature'), with the auth modal's sign-in and register views one tap away.
 * The modal remembers the dashboard, so the guest comes back to it signed in.
 */
export function AuthRequired({ section, hint }: AuthRequiredProps) {
  const openAuthModal = useOpenAuthModal();
  const headingId = useId();
  return (
    <div className={s.authCard} role="region" aria-labelledby={headingId} data-testid="auth-required" data-section={section}>
      <span className={s.authIcon}>
        <IconLock size={24} />
      </span>
      <div className={s.authText}>
        <h3 id={headingId} className={s.authTitle}>
          <Trans>Yêu cầu đăng nhập</Trans>
        </h3>
        <p className={s.authLead}>
          <Trans>Vui lòng đăng nhập để sử dụng tính năng này</Trans>
        </p>
        <p className={s.authHint}>{hint}</p>
      </div>
      <div className={s.authActions}>
        <button type="button" className={button({ variant: 'primary' })} data-testid="auth-required-sign-in" onClick={() => openAuthModal('login')}>
          <Trans>Đăng nhập</Trans>
        </button>
        <button type="button" className={button({ variant: 'secondary' })} data-testid="auth-required-register" onClick={() => openAuthModal('register')}>
          <Trans>Tạo tài khoản</Trans>
        </button>
      </div>
    </div>
  );
}
