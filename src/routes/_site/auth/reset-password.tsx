import { createFileRoute } from '@tanstack/react-router';
import { msg } from '@lingui/core/macro';
import { ResetPasswordPage } from '../../../features/auth/ResetPasswordPage.tsx';
import { ResetPasswordSearchSchema } from '../../../features/auth/search.ts';
import { loadScreenCatalogs } from '../../../lib/i18n-app.ts';

/** The link of the password-reset mail: /auth/reset-password?token=…&email=… (docs/product-rules.md#routes-public). */
export const Route = createFileRoute('/_site/auth/reset-password')({
  // The account forms' messages are a catalog of their own (not in a signed-in studio's load).
  loader: () => loadScreenCatalogs('auth'),
  validateSearch: ResetPasswordSearchSchema,
  staticData: { title: msg`Đặt lại mật khẩu` },
  component: ResetPasswordRoute,
});

function ResetPasswordRoute() {
  const { token, email } = Route.useSearch();
  return <ResetPasswordPage token={token} email={email} />;
}
