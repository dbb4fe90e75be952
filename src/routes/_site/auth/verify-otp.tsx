import { createFileRoute } from '@tanstack/react-router';
import { msg } from '@lingui/core/macro';
import { VerifyOtpPage } from '../../../features/auth/VerifyOtpPage.tsx';
import { loadScreenCatalogs } from '../../../lib/i18n-app.ts';

/** Reached after a registration that needs verification; the email travels in navigation state (docs/product-rules.md#routes-public). */
export const Route = createFileRoute('/_site/auth/verify-otp')({
  // The account forms' messages are a catalog of their own (not in a signed-in studio's load).
  loader: () => loadScreenCatalogs('auth'),
  staticData: { title: msg`Xác minh email` },
  component: VerifyOtpPage,
});
