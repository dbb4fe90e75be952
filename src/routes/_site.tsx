import { useMemo } from 'react';
import { createFileRoute, Outlet, useLocation } from '@tanstack/react-router';
import { useLocale } from '../lib/use-locale.ts';
import { HrefResolverProvider } from '../ui/link.tsx';
import { SiteLayout } from '../features/site/layout/SiteLayout.tsx';
import { siteHrefResolver } from '../features/site/layout/link-resolver.ts';

/** Pathless layout of the public pages inside the SPA (the static site renders the same layout). */
export const Route = createFileRoute('/_site')({ component: SiteRouteLayout });

function SiteRouteLayout() {
  const pathname = useLocation({ select: (location) => location.pathname });
  const { locale } = useLocale();
  // In English, the public pages' links lead to their English documents under /en.
  const resolveHref = useMemo(() => siteHrefResolver(locale), [locale]);
  return (
    <HrefResolverProvider value={resolveHref}>
      <SiteLayout transparentHeader={pathname === '/'} currentPath={pathname}>
        <Outlet />
      </SiteLayout>
    </HrefResolverProvider>
  );
}
