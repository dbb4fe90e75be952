import { createFileRoute } from '@tanstack/react-router';
import { msg } from '@lingui/core/macro';
import { PaymentErrorPage } from '../../../features/billing/PaymentResultPage.tsx';
import { PaymentResultSearchSchema } from '../../../features/billing/search.ts';
import { loadScreenCatalogs } from '../../../lib/i18n-app.ts';

/** /payment/error?order&reason: a payment that could not be finished, what to do next. */
export const Route = createFileRoute('/_site/payment/error')({
  validateSearch: PaymentResultSearchSchema,
  staticData: { title: msg`Lỗi thanh toán` },
  loader: () => loadScreenCatalogs('billing'),
  component: PaymentErrorRoute,
});

function PaymentErrorRoute() {
  const { order, reason } = Route.useSearch();
  return <PaymentErrorPage order={order} reason={reason} />;
}
