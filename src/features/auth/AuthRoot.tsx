import { lazy, Suspense, useState } from 'react';
import { useAtomValue } from 'jotai';
import { authModalAtom } from './auth-modal-state.ts';
import { readPendingRedirect } from './google/redirect-mark.ts';
import { SessionBridge } from './SessionBridge.tsx';
import { withScreenCatalogs } from '../../lib/i18n-app.ts';

// The modal's code (forms, valibot schemas, Google button) and its messages load on first open.
const AuthModal = lazy(withScreenCatalogs(() => import('./AuthModal.tsx').then((m) => ({ default: m.AuthModal })), 'auth'));
const GoogleRedirectResult = lazy(
  withScreenCatalogs(() => import('./google/GoogleRedirectResult.tsx').then((m) => ({ default: m.GoogleRedirectResult })), 'auth'),
);

/**
 * Everything of accounts the SPA's root needs: the session mirrored into jotai, the auth
 * modal, and the check for a Google redirect coming back. Mounted once in src/routes/__root.tsx.
 */
export function AuthRoot() {
  const modalOpen = useAtomValue(authModalAtom) !== null;
  // Read once: the handler clears the mark as it starts, and must stay mounted until done.
  const [redirectPending] = useState(() => typeof window !== 'undefined' && readPendingRedirect()?.mode === 'sign-in');
  return (
    <>
      <SessionBridge />
      <Suspense fallback={null}>
        {modalOpen && <AuthModal />}
        {redirectPending && <GoogleRedirectResult />}
      </Suspense>
    </>
  );
}
