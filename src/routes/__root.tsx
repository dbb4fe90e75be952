import { createRootRouteWithContext, lazyRouteComponent, Link, Outlet } from '@tanstack/react-router';
import type { RouterContext } from '../router.tsx';
import { LinkProvider, type AppLinkProps } from '../ui/link.tsx';
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
  return (
    <LinkProvider value={RouterAppLink}>
      <AuthRoot />
      <TutorialHost />
      <JobTrackingRoot />
      <DocumentHead />
      <Outlet />
      <LazyToaster />
    </LinkProvider>
  );
}
