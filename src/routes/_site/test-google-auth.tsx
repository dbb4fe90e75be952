import { createFileRoute } from '@tanstack/react-router';
import { msg } from '@lingui/core/macro';
import { TestGoogleAuthPage } from '../../features/auth/google/TestGoogleAuthPage.tsx';

/** Diagnostics of Google and identity-provider sign-in (docs/product-rules.md#routes-public; no sign-in guard). */
export const Route = createFileRoute('/_site/test-google-auth')({
  staticData: { title: msg`Kiểm tra đăng nhập Google` },
  component: TestGoogleAuthPage,
});
