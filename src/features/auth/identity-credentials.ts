import type { IdentityLoginResponse } from '../../contract/auth.schema.ts';

/**
 * The temporary credentials of a Google sign-in (docs/product-rules.md#google-sign-in: they expire after 1 hour). An
 * account that only signs in with Google has no password of its own; the server accepts this
 * one-time password where a password is asked again (deleting the account). Kept in memory
 * only, never stored: a reload forgets it.
 */
let remembered: { email: string; password: string; expiresAt: number } | null = null;

export function rememberIdentityCredentials(answer: Pick<IdentityLoginResponse, 'traditional_login'>): void {
  const { email, password, expires_at } = answer.traditional_login.credentials;
  const expiresAt = Date.parse(expires_at);
  remembered = Number.isFinite(expiresAt) ? { email, password, expiresAt } : null;
}

/** The temporary password for this email, while it is valid. */
export function identityPasswordFor(email: string, now = Date.now()): string | null {
  if (!remembered || remembered.expiresAt <= now || remembered.email.toLowerCase() !== email.toLowerCase()) return null;
  return remembered.password;
}

export function forgetIdentityCredentials(): void {
  remembered = null;
}
