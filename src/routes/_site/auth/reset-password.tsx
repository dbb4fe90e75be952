import { createFileRoute } from '@tanstack/react-router';
import { msg } from '@lingui/core/macro';
import { ResetPasswordPage } from '../../../features/auth/ResetPasswordPage.tsx';
import { ResetPasswordSearchSchema } from '../../../features/auth/search.ts';

/** The link of the password-reset mail: /auth/reset-password?token=…&email=… (docs/product-rules.md#routes-public). */
export const Route = createFileRoute('/_site/auth/reset-password')({
  validateSearch: ResetPasswordSearchSchema,
  staticData: { title: msg`Đặt lại mật khẩu` },
  component: ResetPasswordRoute,
});

function ResetPasswordRoute() {
  const { token, email } = Route.useSearch();
  return <ResetPasswordPage token={token} email={email} />;
}
