import { createFileRoute } from '@tanstack/react-router';
import { msg } from '@lingui/core/macro';
import { requireAuth } from '../../../features/auth/RequireAuth.tsx';
import { PaymentSuccessPage } from '../../../features/billing/PaymentResultPage.tsx';
import { PaymentResultSearchSchema } from '../../../features/billing/search.ts';
import { loadScreenCatalogs } from '../../../lib/i18n-app.ts';

/** Where a provider sends the browser after paying: /payment/success?order=<id>, followed until the server knows. */
export const Route = createFileRoute('/_site/payment/success')({
  validateSearch: PaymentResultSearchSchema,
  staticData: { title: msg`Kết quả thanh toán` },
  loader: () => loadScreenCatalogs('billing'),
  // The order belongs to its buyer: reading it needs the session.
  component: requireAuth(PaymentSuccessRoute),
});

function PaymentSuccessRoute() {
  const { order } = Route.useSearch();
  return <PaymentSuccessPage order={order} />;
}
