import { createFileRoute } from '@tanstack/react-router';
import { msg } from '@lingui/core/macro';
import { PaymentCancelPage } from '../../../features/billing/PaymentResultPage.tsx';
import { PaymentResultSearchSchema } from '../../../features/billing/search.ts';
import { loadScreenCatalogs } from '../../../lib/i18n-app.ts';

/** /payment/cancelled?order=<id>: the payer turned back at the provider (/payment/cancel and /payment/cancelled show the same screen). */
export const Route = createFileRoute('/_site/payment/cancelled')({
  validateSearch: PaymentResultSearchSchema,
  staticData: { title: msg`Đã hủy thanh toán` },
  loader: () => loadScreenCatalogs('billing'),
  component: PaymentCancelRoute,
});

function PaymentCancelRoute() {
  const { order } = Route.useSearch();
  return <PaymentCancelPage order={order} />;
}
