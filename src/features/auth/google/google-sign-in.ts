import type { User as FirebaseUser, UserCredential } from 'firebase/auth';
import * as v from 'valibot';
import { FirebaseAuthRequestSchema, ID_TOKEN_MIN, IdentityLoginResponseSchema, type IdentityLoginResponse } from '../../../contract/auth.schema.ts';
import { api, ApiError } from '../../../lib/api.ts';
import type { FirebaseConfig } from './config.ts';
import { IdentityDataError, firebaseCode, isRetryablePopupError, isSilentPopupError } from './errors.ts';
import { loadFirebaseAuth, type FirebaseHandle } from './firebase.ts';
import { POPUP_RETRY, TOKEN_RETRY, withRetry } from './retry.ts';
import { clearPendingRedirect, REDIRECT_PENDING_KEY, type PendingRedirect } from './redirect-mark.ts';

export { clearPendingRedirect, readPendingRedirect } from './redirect-mark.ts';

/**
 * Google sign-in through the identity provider (docs/product-rules.md#google-sign-in): a popup first, with
 * one retry; if it fails, a redirect; back from the redirect, the result is read. Then the
 * provider's ID token is exchanged for the product's own token at /auth/firebase/login.
 */

function googleProvider(handle: FirebaseHandle) {
  const provider = new handle.sdk.GoogleAuthProvider();
  provider.setCustomParameters({ prompt: 'select_account' });
  return provider;
}

/** The popup, retried once on a transient failure (docs/product-rules.md#identity-retries). */
export function popupSignIn(handle: FirebaseHandle): Promise<UserCredential> {
  return withRetry(() => handle.sdk.signInWithPopup(handle.auth, googleProvider(handle)), POPUP_RETRY, isRetryablePopupError);
}

/** Leaves the page for Google; the result is read on return (readRedirectResult). */
export async function redirectSignIn(handle: FirebaseHandle, pending: PendingRedirect): Promise<void> {
  sessionStorage.setItem(REDIRECT_PENDING_KEY, JSON.stringify(pending));
  try {
    await handle.sdk.signInWithRedirect(handle.auth, googleProvider(handle));
  } catch (error) {
    clearPendingRedirect();
    throw error;
  }
}

export async function readRedirectResult(handle: FirebaseHandle): Promise<UserCredential | null> {
  return handle.sdk.getRedirectResult(handle.auth);
}

/** Identity-provider user data for the server (docs/product-rules.md#identity-data): displayName falls back to the email's local part, then ''. */
export function identityUserData(user: Pick<FirebaseUser, 'uid' | 'email' | 'displayName' | 'photoURL' | 'emailVerified'>) {
  const email = user.email ?? '';
  return {
    uid: user.uid,
    email,
    displayName: user.displayName?.trim() || email.split('@')[0] || '',
    photoURL: user.photoURL ?? null,
    emailVerified: user.emailVerified,
  };
}

/**
 * The enhanced identity login's request (docs/product-rules.md#identity-rules): an ID token of at least 100 characters and
 * user data with an email and a uid; anything else is refused before it leaves the browser.
 */
export function identityRequest(idToken: string, user: Parameters<typeof identityUserData>[0]) {
  const request = { idToken, userData: identityUserData(user) };
  if (idToken.length < ID_TOKEN_MIN) throw new IdentityDataError('The identity token is too short.');
  const parsed = v.safeParse(FirebaseAuthRequestSchema, request);
  if (!parsed.success) throw new IdentityDataError('The identity user data is incomplete.');
  return parsed.output;
}

/** The account does not exist yet (the server's answer to login): register instead. */
function isUnknownAccount(error: unknown): boolean {
  return error instanceof ApiError && error.status === 404;
}

/**
 * Exchanges the provider's user for the product's session: the ID token (2 retries at
 * 500 ms), then POST /auth/firebase/login; when the server says the account does not exist,
 * POST /auth/firebase/register.
 */
export async function exchangeWithServer(user: FirebaseUser): Promise<IdentityLoginResponse> {
  const idToken = await withRetry(() => user.getIdToken(), TOKEN_RETRY);
  const request = identityRequest(idToken, user);
  let body: unknown;
  try {
    body = await api.post('/auth/firebase/login', request);
  } catch (error) {
    if (!isUnknownAccount(error)) throw error;
    body = await api.post('/auth/firebase/register', request);
  }
  return v.parse(IdentityLoginResponseSchema, body);
}

export type GoogleSignInResult = { kind: 'signed-in'; answer: IdentityLoginResponse } | { kind: 'redirecting' } | { kind: 'cancelled' };

/**
 * The whole sign-in: popup (one retry), else redirect. A closed popup ends quietly; a blocked
 * popup or a lost connection is reported; any other popup failure falls back to the redirect.
 * Errors are thrown for the caller to classify (errors.ts).
 */
export async function signInWithGoogle(config: FirebaseConfig, options: { returnTo: string; languageCode?: string }): Promise<GoogleSignInResult> {
  const handle = await loadFirebaseAuth(config, options.languageCode);
  let credential: UserCredential;
  try {
    credential = await popupSignIn(handle);
  } catch (error) {
    if (isSilentPopupError(error)) return { kind: 'cancelled' };
    // Blocked: the person can allow popups and try again. Offline: a redirect would strand
    // them on a page that cannot load; both are reported instead.
    if (firebaseCode(error) === 'auth/popup-blocked' || firebaseCode(error) === 'auth/network-request-failed') throw error;
    await redirectSignIn(handle, { returnTo: options.returnTo, mode: 'sign-in' });
    return { kind: 'redirecting' };
  }
  const answer = await exchangeWithServer(credential.user);
  // The product's own token is the session from here on; the provider's is not kept.
  await handle.sdk.signOut(handle.auth).catch(() => undefined);
  return { kind: 'signed-in', answer };
}
