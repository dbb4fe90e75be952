import { createFileRoute } from '@tanstack/react-router';
import { msg } from '@lingui/core/macro';
import { requireAuth } from '../../features/auth/RequireAuth.tsx';
import { ApiManagementPage } from '../../features/tokens/ApiManagementPage.tsx';
import { apiManagementSearchSchema } from '../../features/tokens/search.ts';
import { loadScreenCatalogs } from '../../lib/i18n-app.ts';

/** API management (docs/product-rules.md#api-tokens), for signed-in users; `?token=<id>` opens a token's detail. */
export const Route = createFileRoute('/_app/api-management')({
  validateSearch: apiManagementSearchSchema,
  staticData: { title: msg`Quản lý API` },
  // The screen's messages before it renders.
  loader: () => loadScreenCatalogs('tokens'),
  component: requireAuth(ApiManagementRoute),
});

function ApiManagementRoute() {
  const { token } = Route.useSearch();
  const navigate = Route.useNavigate();
  // The drawer is part of this page, not a page of its own: its address replaces the current one.
  const onTokenChange = (next: string | undefined) => void navigate({ search: { token: next }, replace: true, resetScroll: false });
  return <ApiManagementPage tokenId={token} onTokenChange={onTokenChange} />;
}
