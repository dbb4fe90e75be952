import { useMemo } from 'react';
import { createRootRouteWithContext, lazyRouteComponent, Link, Outlet } from '@tanstack/react-router';
import type { RouterContext } from '../router.tsx';
import { useLocale } from '../lib/use-locale.ts';
import { HrefResolverProvider, LinkProvider, type AppLinkProps } from '../ui/link.tsx';
import { siteHrefResolver } from '../features/site/layout/link-resolver.ts';
import { DocumentHead } from '../features/shell/DocumentHead.tsx';
import { LazyToaster } from '../ui/LazyToaster.tsx';
import { RouterFailureScreen } from '../features/shell/RouterFailureScreen.tsx';
import { AuthRoot } from '../features/auth/AuthRoot.tsx';
import { TutorialHost } from '../features/tutorial/TutorialHost.tsx';
import { JobTrackingRoot } from '../features/offline/JobTrackingRoot.tsx';

export const Route = createRootRouteWithContext<RouterContext>()({
  component: RootLayout,
  errorComponent: RouterFailureScreen,
  // In the public site's frame: its code loads only when a path is unknown.
  notFoundComponent: lazyRouteComponent(() => import('../features/shell/NotFoundScreen.tsx'), 'NotFoundScreen'),
});

/** Components shared with the pre-rendered site navigate client-side inside the SPA. */
function RouterAppLink({ to, ...rest }: AppLinkProps) {
  return <Link to={to} {...rest} />;
}

function RootLayout() {
  const { locale } = useLocale();
  // Every link of the app, the studio's as much as the public layout's, resolves a public page
  // through the one list of them: its English version is under /en, and a page that exists only
  // as a pre-rendered document (the guidelines, the legal pages, the blog) is a document load.
  const resolveHref = useMemo(() => siteHrefResolver(locale), [locale]);
  return (
    <LinkProvider value={RouterAppLink}>
      <HrefResolverProvider value={resolveHref}>
        <AuthRoot />
        <TutorialHost />
        <JobTrackingRoot />
        <DocumentHead />
        <Outlet />
        <LazyToaster />
      </HrefResolverProvider>
    </LinkProvider>
  );
}
