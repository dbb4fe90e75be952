import { useEffect, type ReactNode } from 'react';
import { useAtomValue } from 'jotai';
import { useLocation } from '@tanstack/react-router';
import { Trans } from '@lingui/react/macro';
import { sessionStatusAtom, sessionUserAtom } from '../../lib/session.ts';
import { button } from '../../ui/button.ts';
import { LoadingScreen } from '../../ui/LoadingScreen.tsx';
import { IconLock } from '../../ui/icons/app/IconLock.tsx';
import { useOpenAuthModal } from './auth-modal-state.ts';
import * as s from './auth.css.ts';

/**
 * A protected page (docs/product-rules.md#auth-modal): a signed-out visitor gets the login modal with the current path
 * remembered, and comes back here after signing in; meanwhile the page says why it is empty.
 * While the session's profile check runs, a returning user (the cached user, docs/product-rules.md#session) already
 * sees the page, with the data kept offline for that account, as they would offline; a 401 on
 * the check signs out and wipes it. Without a cached user a loading indicator shows. Display
 * only: the server refuses the page's data to a guest anyway.
 */
export function RequireAuth({ children }: { children: ReactNode }) {
  const status = useAtomValue(sessionStatusAtom);
  const user = useAtomValue(sessionUserAtom);
  const href = useLocation({ select: (location) => location.href });
  const openAuthModal = useOpenAuthModal();

  useEffect(() => {
    if (status === 'signed-out') openAuthModal('login', href);
  }, [status, href, openAuthModal]);

  if (status === 'checking' && !user) return <LoadingScreen />;
  if (status === 'signed-out') {
    return (
      <div className={s.page} data-testid="auth-required-page">
        <div className={`${s.card} ${s.notice}`}>
          <span className={s.noticeIcon.info}>
            <IconLock size={26} />
          </span>
          <h1 className={s.title}>
            <Trans>Vui lòng đăng nhập</Trans>
          </h1>
          <p className={s.lead}>
            <Trans>Trang này chỉ dành cho thành viên. Đăng nhập để tiếp tục, bạn sẽ quay lại đúng trang này.</Trans>
          </p>
          <button type="button" className={button({ variant: 'primary' })} onClick={() => openAuthModal('login', href)}>
            <Trans>Đăng nhập</Trans>
          </button>
        </div>
      </div>
    );
  }
  return <>{children}</>;
}

/**
 * `component: requireAuth(ProfilePage)` in a route file: the page behind RequireAuth.
 * Declared at module level by the caller, so the wrapper is created once.
 */
export function requireAuth<P extends object>(Page: (props: P) => ReactNode): (props: P) => ReactNode {
  function Protected(props: P) {
    return (
      <RequireAuth>
        <Page {...props} />
      </RequireAuth>
    );
  }
  Protected.displayName = `requireAuth(${Page.name})`;
  return Protected;
}
