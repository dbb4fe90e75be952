import type { UserCredential } from 'firebase/auth';
import { remapEmailPasswordCode } from './errors.ts';
import type { FirebaseHandle } from './firebase.ts';
import { EMAIL_PASSWORD_RETRY, withRetry } from './retry.ts';

/**
 * The identity provider's email/password helper layer (docs/product-rules.md#identity-rules). The product's own
 * sign-in is /auth/login; this layer exists for accounts kept at the provider and is exercised
 * by the /test-google-auth diagnostics.
 */

/** docs/product-rules.md#identity-rules: the helper layer's password minimum (the product's own is 8). */
export const IDENTITY_PASSWORD_MIN = 6;

export type IdentityFieldError = 'invalidEmailAddress' | 'passwordRequired' | 'passwordMin6';

/** docs/product-rules.md#identity-rules: email must contain '@'; sign-in needs a password; registration at least 6 characters. */
export function identityFieldErrors(email: string, password: string, mode: 'sign-in' | 'register'): Partial<Record<'email' | 'password', IdentityFieldError>> {
  const errors: Partial<Record<'email' | 'password', IdentityFieldError>> = {};
  if (!email.includes('@')) errors.email = 'invalidEmailAddress';
  if (mode === 'sign-in' && password.length === 0) errors.password = 'passwordRequired';
  if (mode === 'register' && password.length < IDENTITY_PASSWORD_MIN) errors.password = 'passwordMin6';
  return errors;
}

/** An error whose code was remapped (internal errors named by their message). */
export class IdentityProviderError extends Error {
  readonly code: string;
  constructor(code: string, cause: unknown) {
    super((cause as { message?: string } | null)?.message ?? code, { cause });
    this.name = 'IdentityProviderError';
    this.code = code;
  }
}

/** Transient failures: retried (2 retries, 1000 ms then 1500 ms). */
const RETRYABLE = new Set(['auth/network-request-failed', 'auth/internal-error', 'auth/timeout']);

async function run(operation: () => Promise<UserCredential>): Promise<UserCredential> {
  try {
    return await withRetry(operation, EMAIL_PASSWORD_RETRY, (error) => RETRYABLE.has(remapEmailPasswordCode(error) ?? ''));
  } catch (error) {
    const code = remapEmailPasswordCode(error);
    throw code ? new IdentityProviderError(code, error) : error;
  }
}

export function identitySignIn(handle: FirebaseHandle, email: string, password: string): Promise<UserCredential> {
  return run(() => handle.sdk.signInWithEmailAndPassword(handle.auth, email.trim(), password));
}

export function identityRegister(handle: FirebaseHandle, email: string, password: string): Promise<UserCredential> {
  return run(() => handle.sdk.createUserWithEmailAndPassword(handle.auth, email.trim(), password));
}
