import { createFileRoute } from '@tanstack/react-router';
import { msg } from '@lingui/core/macro';
import { requireAuth } from '../../features/auth/RequireAuth.tsx';
import { ReceiptPage } from '../../features/billing/ReceiptPage.tsx';
import { loadScreenCatalogs } from '../../lib/i18n-app.ts';

/** /receipts/{paymentId}: a completed payment's receipt, printable, for its buyer. */
export const Route = createFileRoute('/_app/receipts/$paymentId')({
  staticData: { title: msg`Biên lai` },
  loader: () => loadScreenCatalogs('billing'),
  component: requireAuth(ReceiptRoute),
});

function ReceiptRoute() {
  const { paymentId } = Route.useParams();
  return <ReceiptPage paymentId={paymentId} />;
}
