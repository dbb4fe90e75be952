import { useEffect, type ReactNode } from 'react';
import { useAtomValue } from 'jotai';
import { useQuery } from '@tanstack/react-query';
import { useNavigate, useRouter } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { sessionStatusAtom, sessionUserAtom } from '../../lib/session.ts';
import { button } from '../../ui/button.ts';
import { profileQueryOptions } from '../auth/api.ts';
import { authText } from '../../lib/auth-messages.ts';
import { IconShield } from '../../ui/icons/app/IconShield.tsx';
import * as s from './admin.css.ts';
import '../../ui/global.css.ts';

/**
 * The admin guard (docs/product-rules.md#admin): 'Verifying admin access...' while the session and a
 * fresh profile (with its role) are checked; signed-out visitors go to /; non-admins see
 * Access Denied with their email and a Go back link. Display only: every admin endpoint is
 * refused by the server to anyone but an admin.
 */
export function AdminGuard({ children }: { children: ReactNode }) {
  const { i18n } = useLingui();
  const status = useAtomValue(sessionStatusAtom);
  const sessionUser = useAtomValue(sessionUserAtom);
  const navigate = useNavigate();
  const router = useRouter();
  const signedIn = status === 'signed-in';
  const profile = useQuery({ ...profileQueryOptions(), enabled: signedIn });

  useEffect(() => {
    if (status === 'signed-out') void navigate({ to: '/', replace: true });
  }, [status, navigate]);

  if (status === 'signed-out') return null;
  if (!signedIn || profile.isPending) {
    return (
      <div className={s.centered} role="status" aria-live="polite" data-testid="admin-verifying">
        <div className={s.spinner} aria-hidden="true" />
        <p className={s.lead}>
          <Trans>Đang xác minh quyền quản trị…</Trans>
        </p>
      </div>
    );
  }

  // A profile check that failed (offline) falls back to the session's role: display only.
  const role = profile.data?.role ?? sessionUser?.role;
  if (role !== 'admin') {
    const email = profile.data?.email ?? sessionUser?.email ?? '';
    return (
      <div className={s.centered} data-testid="admin-access-denied">
        <div className={s.deniedCard}>
          <span className={s.deniedIcon}>
            <IconShield size={28} />
          </span>
          <h1 className={s.title}>{authText(i18n, 'accessDenied')}</h1>
          <p className={s.lead}>
            <Trans>Trang này chỉ dành cho quản trị viên.</Trans>
          </p>
          <p className={s.lead}>
            <Trans>
              Bạn đang đăng nhập bằng <strong className={s.email}>{email}</strong>.
            </Trans>
          </p>
          <button
            type="button"
            className={button({ variant: 'primary' })}
            data-testid="admin-go-back"
            onClick={() => (window.history.length > 1 ? router.history.back() : void navigate({ to: '/dashboard' }))}
          >
            <Trans>Quay lại</Trans>
          </button>
        </div>
      </div>
    );
  }
  return <>{children}</>;
}
