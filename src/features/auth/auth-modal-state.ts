import { useCallback } from 'react';
import { atom, useSetAtom } from 'jotai';

/** The four views of the auth modal (spec §2). */
export type AuthModalView = 'login' | 'register' | 'forgot-password' | 'verify-otp';

export interface AuthModalState {
  view: AuthModalView;
  /** Where to go back to after signing in: the path (with search and hash) that opened it. */
  returnTo: string;
}

/** Which auth modal view is open, or null when closed. The modal itself renders from this. */
export const authModalAtom = atom<AuthModalState | null>(null);

function currentPath(): string {
  if (typeof window === 'undefined') return '/';
  const { pathname, search, hash } = window.location;
  return `${pathname}${search}${hash}`;
}

/**
 * Opens the auth modal on a view, remembering the current path (spec §2: protected pages open
 * the login modal and remember where the visitor was). Read at call time, so it also works in
 * components rendered outside the router.
 */
export function useOpenAuthModal() {
  const setModal = useSetAtom(authModalAtom);
  return useCallback(
    (view: AuthModalView = 'login', returnTo: string = currentPath()) => setModal({ view, returnTo }),
    [setModal],
  );
}
