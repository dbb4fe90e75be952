import { createFileRoute } from '@tanstack/react-router';
import { msg } from '@lingui/core/macro';
import { SignInPage } from '../../../features/auth/SignInPage.tsx';
import { SignInSearchSchema } from '../../../features/auth/search.ts';
import { loadScreenCatalogs } from '../../../lib/i18n-app.ts';

/** Sign in, then back to `returnTo` (docs/product-rules.md#routes-public): the blog's comment box links here. */
export const Route = createFileRoute('/_site/auth/sign-in')({
  // The account forms' messages are a catalog of their own (not in a signed-in studio's load).
  loader: () => loadScreenCatalogs('auth'),
  validateSearch: SignInSearchSchema,
  staticData: { title: msg`Đăng nhập` },
  component: SignInRoute,
});

function SignInRoute() {
  const { returnTo } = Route.useSearch();
  return <SignInPage returnTo={returnTo} />;
}
