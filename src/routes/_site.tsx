import { createFileRoute, Outlet, useLocation } from '@tanstack/react-router';
import { SiteLayout } from '../features/site/layout/SiteLayout.tsx';

/**
 * Pathless layout of the public pages inside the SPA (the static site renders the same layout).
 * Its links resolve public pages as every link of the app does (src/routes/__root.tsx).
 */
export const Route = createFileRoute('/_site')({ component: SiteRouteLayout });

function SiteRouteLayout() {
  const pathname = useLocation({ select: (location) => location.pathname });
  return (
    <SiteLayout transparentHeader={pathname === '/'} currentPath={pathname}>
      <Outlet />
    </SiteLayout>
  );
}
