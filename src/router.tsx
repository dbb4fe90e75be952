import { createRouter, lazyRouteComponent, type RouterHistory } from '@tanstack/react-router';
import type { QueryClient } from '@tanstack/react-query';
import { routeTree } from './routeTree.gen.ts';
import { RenderErrorScreen } from './features/shell/ErrorScreens.tsx';
import { LoadingScreen } from './ui/LoadingScreen.tsx';

export interface RouterContext {
  queryClient: QueryClient;
}

export function createAppRouter(queryClient: QueryClient, history?: RouterHistory) {
  return createRouter({
    routeTree,
    context: { queryClient },
    ...(history ? { history } : {}),
    defaultPreload: 'intent',
    // Route data lives in TanStack Query; the router never caches it on its own.
    defaultPreloadStaleTime: 0,
    scrollRestoration: true,
    defaultErrorComponent: RenderErrorScreen,
    // The not-found page is in the public site's frame: its code loads only when a path is unknown.
    defaultNotFoundComponent: lazyRouteComponent(() => import('./features/shell/NotFoundScreen.tsx'), 'NotFoundScreen'),
    defaultPendingComponent: LoadingScreen,
    // Lazy screens show the loading indicator only when they take longer than this (ms),
    // so fast navigations do not flash it.
    defaultPendingMs: 300,
    notFoundMode: 'root',
  });
}

export type AppRouter = ReturnType<typeof createAppRouter>;

declare module '@tanstack/react-router' {
  interface Register {
    router: AppRouter;
  }
}
