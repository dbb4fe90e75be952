/**
 * The auth modal (docs/product-rules.md#auth-modal, #auth-flow), mounted once in the SPA's
 * root (src/routes/__root.tsx) and opened through `authModalAtom` / `useOpenAuthModal()`.
 *
 * Stable test ids (e2e):
 * - `auth-modal`            the dialog; `data-view` = login | register | forgot-password | verify-otp
 * - `auth-modal-close`      the close button (Escape and a click outside also close)
 * - `login-form`, `register-form`, `forgot-password-form`, `verify-otp-form`   the forms
 * - inputs by name: email, password, name, confirmPassword, code
 * - `field-error-<name>`    a field's message (docs/product-rules.md#form-rules), e.g. field-error-email
 * - `auth-error`            a form-level failure (role=alert): title + reason (docs/product-rules.md#messages-auth)
 * - `auth-submit`           the submit button of the current view
 * - `auth-link-forgot-password`, `auth-link-register`, `auth-link-login`   the view links
 * - `forgot-password-sent`  the 'check your email' confirmation; `forgot-password-resend` its resend
 * - `verify-otp-resend`     "send the code again"
 * - `google-sign-in`        "Continue with Google" (absent when /api/config has firebase: null)
 * - `google-alert`          the popup-blocked / internal-error alert; `data-kind` says which
 */
import { useId } from 'react';
import { useAtom, useAtomValue, useSetAtom } from 'jotai';
import { CloseButton, Modal } from '../../ui/Modal.tsx';
import { authModalAtom, pendingVerificationEmailAtom, type AuthModalState, type AuthModalView } from './auth-modal-state.ts';
import { ForgotPasswordView } from './ForgotPasswordView.tsx';
import { LoginView } from './LoginView.tsx';
import { RegisterView } from './RegisterView.tsx';
import { VerifyOtpForm } from './VerifyOtpForm.tsx';
import type { ViewProps } from './view-props.ts';
import * as s from './auth.css.ts';

/** Each view starts at its first field (or the dialog itself when it has none). */
function focusFirstField(view: HTMLDivElement | null) {
  if (!view) return;
  const target = view.querySelector<HTMLInputElement>('input:not([disabled])') ?? view.closest<HTMLElement>('[role="dialog"]');
  target?.focus();
}

export function AuthModal() {
  const [state, setState] = useAtom(authModalAtom);
  if (!state || typeof document === 'undefined') return null;
  return <AuthDialog state={state} setState={setState} />;
}

function AuthDialog({ state, setState }: { state: AuthModalState; setState: (next: AuthModalState | null) => void }) {
  const titleId = useId();
  const descriptionId = useId();
  const pendingEmail = useAtomValue(pendingVerificationEmailAtom);
  const setPendingEmail = useSetAtom(pendingVerificationEmailAtom);
  const close = () => setState(null);

  const go = (view: AuthModalView, email?: string) => {
    if (view === 'verify-otp' && email) setPendingEmail(email);
    setState({ ...state, view, email });
  };

  const props: ViewProps = { titleId, descriptionId, email: state.email, returnTo: state.returnTo, go, close };

  return (
    <Modal onClose={close} labelledBy={titleId} describedBy={descriptionId} size="form" testId="auth-modal" data-view={state.view}>
      <CloseButton onClose={close} className={s.closeButton} testId="auth-modal-close" size={20} />
      <div key={state.view} ref={focusFirstField}>
        {state.view === 'login' && <LoginView {...props} />}
        {state.view === 'register' && <RegisterView {...props} />}
        {state.view === 'forgot-password' && <ForgotPasswordView {...props} />}
        {state.view === 'verify-otp' && (
          <VerifyOtpForm
            email={state.email ?? pendingEmail}
            titleId={titleId}
            descriptionId={descriptionId}
            onBackToLogin={() => go('login', state.email ?? pendingEmail ?? undefined)}
            onVerified={(email) => {
              // docs/product-rules.md#auth-flow: the modal closes and reopens on login, where the person signs in.
              setState(null);
              setTimeout(() => setState({ view: 'login', returnTo: state.returnTo, email }), 0);
            }}
          />
        )}
      </div>
    </Modal>
  );
}
