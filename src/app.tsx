import { StrictMode } from 'react';
import { I18nProvider } from '@lingui/react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { Provider as JotaiProvider, type createStore } from 'jotai';
import { RouterProvider } from '@tanstack/react-router';
import { i18n } from './lib/i18n.ts';
import type { AppRouter } from './router.tsx';
import { AppCrashBoundary } from './features/shell/ErrorScreens.tsx';

export interface AppProps {
  router: AppRouter;
  queryClient: QueryClient;
  store: ReturnType<typeof createStore>;
}

/** The provider stack shared by the browser entry and the pre-renderer. */
export function App({ router, queryClient, store }: AppProps) {
  return (
    <StrictMode>
      <I18nProvider i18n={i18n}>
        <AppCrashBoundary>
          <JotaiProvider store={store}>
            <QueryClientProvider client={queryClient}>
              <RouterProvider router={router} />
            </QueryClientProvider>
          </JotaiProvider>
        </AppCrashBoundary>
      </I18nProvider>
    </StrictMode>
  );
}
