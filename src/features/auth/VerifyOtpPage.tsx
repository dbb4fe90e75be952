import { useId } from 'react';
import { useAtomValue } from 'jotai';
import { useLocation, useNavigate } from '@tanstack/react-router';
import { pendingVerificationEmailAtom, useOpenAuthModal } from './auth-modal-state.ts';
import { VerifyOtpForm } from './VerifyOtpForm.tsx';
import * as s from './auth.css.ts';

/** The email a navigation carried here (`navigate({ to: '/auth/verify-otp', state: { email } })`). */
function emailFromState(state: unknown): string | null {
  const email = (state as { email?: unknown } | null)?.email;
  return typeof email === 'string' && email.includes('@') ? email : null;
}

/**
 * /auth/verify-otp (docs/product-rules.md#routes-public): the code for the email in the navigation state, or the one
 * remembered for this session; then the login modal, on the dashboard.
 */
export function VerifyOtpPage() {
  const titleId = useId();
  const descriptionId = useId();
  const navigate = useNavigate();
  const openAuthModal = useOpenAuthModal();
  const stateEmail = useLocation({ select: (location) => emailFromState(location.state) });
  const pendingEmail = useAtomValue(pendingVerificationEmailAtom);
  const email = stateEmail ?? pendingEmail;

  const toLogin = async (prefill?: string) => {
    await navigate({ to: '/dashboard' });
    openAuthModal('login', '/dashboard', prefill);
  };

  return (
    <div className={s.page}>
      <section className={s.card} aria-labelledby={titleId} aria-describedby={descriptionId} data-testid="verify-otp-page">
        <VerifyOtpForm
          email={email}
          headingLevel="h1"
          titleId={titleId}
          descriptionId={descriptionId}
          onVerified={(verified) => void toLogin(verified)}
          onBackToLogin={() => void toLogin(email ?? undefined)}
        />
      </section>
    </div>
  );
}
