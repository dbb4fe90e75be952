import type { ReactNode } from 'react';
import { useRouterState } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { AreaLayout, type AreaLink } from '../../ui/AreaLayout.tsx';

/** The admin area (docs/product-rules.md#routes-admin): its navigation above the admin screens. */
export function AdminArea({ children }: { children: ReactNode }) {
  const { t } = useLingui();
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  const links: AreaLink[] = [{ to: '/admin/dashboard', alsoAt: ['/admin'], label: <Trans>Tổng quan</Trans>, testId: 'admin-nav-dashboard' }];
  return (
    <AreaLayout navLabel={t`Quản trị`} links={links} pathname={pathname} testId="admin-area">
      {children}
    </AreaLayout>
  );
}
