/**
 * The mark of a Google redirect under way (sessionStorage): small and free of dependencies, so
 * the SPA's root can look for it without loading the sign-in code.
 */
/** sessionStorage: a redirect is under way; its value says where to return and who asked. */
export const REDIRECT_PENDING_KEY = 'auth_google_redirect';

export interface PendingRedirect {
  /** The path to return to after signing in. */
  returnTo: string;
  /** 'test': started by /test-google-auth, which reads the result itself. */
  mode: 'sign-in' | 'test';
}

export function readPendingRedirect(): PendingRedirect | null {
  try {
    const raw = sessionStorage.getItem(REDIRECT_PENDING_KEY);
    if (!raw) return null;
    const value = JSON.parse(raw) as Partial<PendingRedirect>;
    return typeof value.returnTo === 'string' ? { returnTo: value.returnTo, mode: value.mode === 'test' ? 'test' : 'sign-in' } : null;
  } catch {
    return null;
  }
}

export function clearPendingRedirect(): void {
  try {
    sessionStorage.removeItem(REDIRECT_PENDING_KEY);
  } catch {
    // Storage unavailable: nothing was stored either.
  }
}
