import { createFileRoute } from '@tanstack/react-router';
import { msg } from '@lingui/core/macro';
import { GoogleCallbackPage } from '../../../../features/auth/GoogleCallbackPage.tsx';
import { GoogleCallbackSearchSchema } from '../../../../features/auth/search.ts';

/** Google's OAuth redirect target (docs/product-rules.md#routes-public). */
export const Route = createFileRoute('/_site/auth/google/callback')({
  validateSearch: GoogleCallbackSearchSchema,
  staticData: { title: msg`Đăng nhập bằng Google` },
  component: GoogleCallbackRoute,
});

function GoogleCallbackRoute() {
  const { code, error } = Route.useSearch();
  return <GoogleCallbackPage code={code} error={error} />;
}
