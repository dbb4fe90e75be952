import { useCallback } from 'react';
import { atom, useSetAtom } from 'jotai';
import { atomWithStorage, createJSONStorage } from 'jotai/utils';

/** The four views of the auth modal (docs/product-rules.md#auth-modal). */
export type AuthModalView = 'login' | 'register' | 'forgot-password' | 'verify-otp';

export interface AuthModalState {
  view: AuthModalView;
  /** Where to go back to after signing in: the path (with search and hash) that opened it. */
  returnTo: string;
  /** An email to prefill (after verification, a resend, or from the profile page). */
  email?: string;
}

/** Which auth modal view is open, or null when closed. The modal itself renders from this. */
export const authModalAtom = atom<AuthModalState | null>(null);

/** Outside a browser (tests, pre-rendering) nothing is remembered. */
const noStorage = { getItem: () => null, setItem: () => undefined, removeItem: () => undefined };

/**
 * The email waiting for its one-time code (docs/product-rules.md#auth-flow): remembered for the tab's session, so the
 * verify view and /auth/verify-otp survive a reload.
 */
export const pendingVerificationEmailAtom = atomWithStorage<string | null>(
  'auth_pending_email',
  null,
  createJSONStorage<string | null>(() => (typeof sessionStorage === 'undefined' ? noStorage : sessionStorage)),
  { getOnInit: true },
);

export function currentPath(): string {
  if (typeof window === 'undefined') return '/';
  const { pathname, search, hash } = window.location;
  return `${pathname}${search}${hash}`;
}

/**
 * Opens the auth modal on a view, remembering the current path (docs/product-rules.md#auth-modal: protected pages open
 * the login modal and remember where the visitor was). Read at call time, so it also works in
 * components rendered outside the router.
 */
export function useOpenAuthModal() {
  const setModal = useSetAtom(authModalAtom);
  return useCallback((view: AuthModalView = 'login', returnTo: string = currentPath(), email?: string) => setModal({ view, returnTo, email }), [setModal]);
}
