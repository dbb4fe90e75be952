import { lazy, Suspense } from 'react';
import { Outlet, useRouterState } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { media } from '../../../ui/theme.css.ts';
import { useMediaQuery } from '../../../lib/use-media-query.ts';
import { OfflineBanner } from '../../offline/OfflineBanner.tsx';
import { Brand } from './Brand.tsx';
import { isNavItemActive, NAV } from '../../registry/nav-items.ts';
import { SidebarContent } from './SidebarContent.tsx';
import * as s from './sidebar.css.ts';

// Below 1024 px only: a desktop never loads the top bar, the mobile header or its drawer.
const DashboardTopBar = lazy(async () => ({ default: (await import('./DashboardTopBar.tsx')).DashboardTopBar }));
const MobileHeader = lazy(async () => ({ default: (await import('./MobileHeader.tsx')).MobileHeader }));

/**
 * The sidebar layout (docs/product-rules.md#studio-sidebar). From 1024 px the sidebar is fixed on the left; below it the
 * dashboard gets a compact top bar and every other page a mobile header with a drawer. Only one
 * of them is in the page at a time, so there is one navigation for assistive technology.
 */
export function StudioLayout() {
  const { t } = useLingui();
  const wide = useMediaQuery(media.desktop, true);
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  const onDashboard = isNavItemActive(pathname, NAV.dashboard);
  return (
    <div className={s.layout} data-testid="studio-layout">
      <a
        href="#main"
        className={s.skipLink}
        onClick={(event) => {
          // Focus the content without a hash change the router would treat as a navigation.
          event.preventDefault();
          document.getElementById('main')?.focus();
        }}
      >
        <Trans>Bỏ qua đến nội dung chính</Trans>
      </a>
      {wide ? (
        <aside className={s.aside} aria-label={t`Thanh bên`}>
          <SidebarContent />
        </aside>
      ) : (
        // While its code arrives, the bar's frame with the wordmark holds its place.
        <Suspense
          fallback={
            <header className={s.bar}>
              <Brand />
            </header>
          }
        >
          {onDashboard ? <DashboardTopBar /> : <MobileHeader />}
        </Suspense>
      )}
      <main id="main" tabIndex={-1} className={s.main}>
        <OfflineBanner />
        <Outlet />
      </main>
    </div>
  );
}
