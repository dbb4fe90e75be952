import { createFileRoute } from '@tanstack/react-router';
import { msg } from '@lingui/core/macro';
import { TestGoogleAuthPage } from '../../features/auth/google/TestGoogleAuthPage.tsx';
import { loadScreenCatalogs } from '../../lib/i18n-app.ts';

/** Diagnostics of Google and identity-provider sign-in (docs/product-rules.md#routes-public; no sign-in guard). */
export const Route = createFileRoute('/_site/test-google-auth')({
  // The account forms' messages are a catalog of their own (not in a signed-in studio's load).
  loader: () => loadScreenCatalogs('auth'),
  staticData: { title: msg`Kiểm tra đăng nhập Google` },
  component: TestGoogleAuthPage,
});
