import { createFileRoute } from '@tanstack/react-router';
import { msg } from '@lingui/core/macro';
import { VerifyOtpPage } from '../../../features/auth/VerifyOtpPage.tsx';

/** Reached after a registration that needs verification; the email travels in navigation state (docs/product-rules.md#routes-public). */
export const Route = createFileRoute('/_site/auth/verify-otp')({
  staticData: { title: msg`Xác minh email` },
  component: VerifyOtpPage,
});
