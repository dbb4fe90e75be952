import { createFileRoute } from '@tanstack/react-router';
import { msg } from '@lingui/core/macro';
import { requireAuth } from '../../features/auth/RequireAuth.tsx';
import { CheckoutPage } from '../../features/billing/CheckoutPage.tsx';
import { CheckoutSearchSchema, type CheckoutSearch } from '../../features/billing/search.ts';
import { loadScreenCatalogs } from '../../lib/i18n-app.ts';

/** /checkout?item&period&method: buying a plan or a credit pack, signed in, in the public layout. */
export const Route = createFileRoute('/_site/checkout')({
  validateSearch: CheckoutSearchSchema,
  staticData: { title: msg`Thanh toán` },
  loader: () => loadScreenCatalogs('billing'),
  component: requireAuth(CheckoutRoute),
});

function CheckoutRoute() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  // The choice lives in the address: a reload or the provider's "back" finds it again.
  const onSearchChange = (next: CheckoutSearch) => void navigate({ search: next, replace: true, resetScroll: false });
  return <CheckoutPage search={search} onSearchChange={onSearchChange} />;
}
