import type { ReactNode } from 'react';
import { render } from '@testing-library/react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from '@tanstack/react-router';
import { I18nProvider } from '@lingui/react';
import { i18n } from '@lingui/core';

/**
 * Renders a screen for a unit test inside a one-route router at `path` (its links need one) with
 * the i18n and query providers (a test's client: tests/fixtures/query-client.ts). The screen
 * appears after the router's first load: find it with `findBy…`.
 */
export function renderInRouter(ui: () => ReactNode, client: QueryClient, path = '/') {
  const rootRoute = createRootRoute({ component: () => <>{ui()}</> });
  const router = createRouter({ routeTree: rootRoute, history: createMemoryHistory({ initialEntries: [path] }) });
  const view = render(
    <I18nProvider i18n={i18n}>
      <QueryClientProvider client={client}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </I18nProvider>,
  );
  return { ...view, client, router };
}
