import { createFileRoute } from '@tanstack/react-router';
import { msg } from '@lingui/core/macro';
import { GoogleCallbackPage } from '../../../../features/auth/GoogleCallbackPage.tsx';
import { GoogleCallbackSearchSchema } from '../../../../features/auth/search.ts';
import { loadScreenCatalogs } from '../../../../lib/i18n-app.ts';

/** Google's OAuth redirect target (docs/product-rules.md#routes-public). */
export const Route = createFileRoute('/_site/auth/google/callback')({
  // The account forms' messages are a catalog of their own (not in a signed-in studio's load).
  loader: () => loadScreenCatalogs('auth'),
  validateSearch: GoogleCallbackSearchSchema,
  staticData: { title: msg`Đăng nhập bằng Google` },
  component: GoogleCallbackRoute,
});

function GoogleCallbackRoute() {
  const { code, error } = Route.useSearch();
  return <GoogleCallbackPage code={code} error={error} />;
}
