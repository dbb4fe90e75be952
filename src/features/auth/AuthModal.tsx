/**
 * The auth modal (spec §2 "Auth modal (four views)", §4 Auth modal), mounted once in the SPA's
 * root (src/routes/__root.tsx) and opened through `authModalAtom` / `useOpenAuthModal()`.
 *
 * Stable test ids (e2e):
 * - `auth-modal`            the dialog; `data-view` = login | register | forgot-password | verify-otp
 * - `auth-modal-close`      the close button (Escape and a click outside also close)
 * - `login-form`, `register-form`, `forgot-password-form`, `verify-otp-form`   the forms
 * - inputs by name: email, password, name, confirmPassword, code
 * - `field-error-<name>`    a field's message (spec §5), e.g. field-error-email
 * - `auth-error`            a form-level failure (role=alert): title + reason (spec §8)
 * - `auth-submit`           the submit button of the current view
 * - `auth-link-forgot-password`, `auth-link-register`, `auth-link-login`   the view links
 * - `forgot-password-sent`  the 'check your email' confirmation; `forgot-password-resend` its resend
 * - `verify-otp-resend`     "send the code again"
 * - `google-sign-in`        "Continue with Google" (absent when /api/config has firebase: null)
 * - `google-alert`          the popup-blocked / internal-error alert; `data-kind` says which
 */
import { useEffect, useId, useRef } from 'react';
import { createPortal } from 'react-dom';
import { useAtom, useAtomValue, useSetAtom } from 'jotai';
import { useLingui } from '@lingui/react/macro';
import { IconClose } from '../../ui/icons/index.ts';
import { authModalAtom, pendingVerificationEmailAtom, type AuthModalState, type AuthModalView } from './auth-modal-state.ts';
import { ForgotPasswordView } from './ForgotPasswordView.tsx';
import { LoginView } from './LoginView.tsx';
import { RegisterView } from './RegisterView.tsx';
import { VerifyOtpForm } from './VerifyOtpForm.tsx';
import type { ViewProps } from './view-props.ts';
import * as s from './auth.css.ts';

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

function focusables(container: HTMLElement | null): HTMLElement[] {
  if (!container) return [];
  return Array.from(container.querySelectorAll<HTMLElement>(FOCUSABLE)).filter((element) => element.getClientRects().length > 0);
}

/** Each view starts at its first field (or the dialog itself when it has none). */
function focusFirstField(view: HTMLDivElement | null) {
  if (!view) return;
  const target = view.querySelector<HTMLInputElement>('input:not([disabled])') ?? view.closest<HTMLElement>('[role="dialog"]');
  target?.focus();
}

export function AuthModal() {
  const [state, setState] = useAtom(authModalAtom);
  if (!state || typeof document === 'undefined') return null;
  return createPortal(<AuthDialog state={state} setState={setState} />, document.body);
}

function AuthDialog({ state, setState }: { state: AuthModalState; setState: (next: AuthModalState | null) => void }) {
  const { t } = useLingui();
  const titleId = useId();
  const descriptionId = useId();
  const dialogRef = useRef<HTMLDivElement>(null);
  const pendingEmail = useAtomValue(pendingVerificationEmailAtom);
  const setPendingEmail = useSetAtom(pendingVerificationEmailAtom);
  const close = () => setState(null);
  const closeRef = useRef(close);
  useEffect(() => {
    closeRef.current = close;
  });

  // Opening: remember what had focus, lock the page's scroll, trap Tab, Escape closes.
  useEffect(() => {
    const returnTarget = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const { overflow } = document.body.style;
    document.body.style.overflow = 'hidden';
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented) return;
      if (event.key === 'Escape') {
        event.preventDefault();
        closeRef.current();
        return;
      }
      if (event.key !== 'Tab') return;
      const items = focusables(dialogRef.current);
      const first = items[0];
      const last = items.at(-1);
      if (!first || !last) return;
      if (event.shiftKey && (document.activeElement === first || !dialogRef.current?.contains(document.activeElement))) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && (document.activeElement === last || !dialogRef.current?.contains(document.activeElement))) {
        event.preventDefault();
        first.focus();
      }
    };
    // Focus that leaves some other way (a screen reader's virtual cursor, a click) comes back,
    // unless it went to a toast (they sit above the modal and may hold an action).
    const onFocusIn = (event: FocusEvent) => {
      const target = event.target as HTMLElement;
      if (dialogRef.current && !dialogRef.current.contains(target) && !target.closest?.('[data-sonner-toaster]')) {
        (focusables(dialogRef.current)[0] ?? dialogRef.current).focus();
      }
    };
    document.addEventListener('keydown', onKeyDown);
    document.addEventListener('focusin', onFocusIn);
    return () => {
      document.body.style.overflow = overflow;
      document.removeEventListener('keydown', onKeyDown);
      document.removeEventListener('focusin', onFocusIn);
      if (returnTarget?.isConnected) returnTarget.focus();
    };
  }, []);

  const go = (view: AuthModalView, email?: string) => {
    if (view === 'verify-otp' && email) setPendingEmail(email);
    setState({ ...state, view, email });
  };

  const props: ViewProps = { titleId, descriptionId, email: state.email, returnTo: state.returnTo, go, close };

  return (
    <>
      <div className={s.backdrop} aria-hidden="true" />
      <div
        className={s.viewport}
        onPointerDown={(event) => {
          // A press on the dimmed area (not a drag that started in the dialog) closes.
          if (event.target === event.currentTarget) close();
        }}
      >
        <div
          ref={dialogRef}
          className={s.dialog}
          role="dialog"
          aria-modal="true"
          aria-labelledby={titleId}
          aria-describedby={descriptionId}
          tabIndex={-1}
          data-testid="auth-modal"
          data-view={state.view}
        >
          <button type="button" className={s.closeButton} aria-label={t`Đóng`} data-testid="auth-modal-close" onClick={close}>
            <IconClose size={20} />
          </button>
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
                  // Spec §4: the modal closes and reopens on login, where the person signs in.
                  setState(null);
                  setTimeout(() => setState({ view: 'login', returnTo: state.returnTo, email }), 0);
                }}
              />
            )}
          </div>
        </div>
      </div>
    </>
  );
}
