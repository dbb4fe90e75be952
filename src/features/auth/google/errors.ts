import { ApiError } from '../../../lib/api.ts';

/**
 * What a failed Google or identity-provider sign-in means for the person (docs/product-rules.md#messages-google). Pure, so
 * every branch is tested; google/messages.ts holds the words.
 */

/** The identity provider's error code ("auth/popup-blocked"), when the error has one. */
export function firebaseCode(error: unknown): string | undefined {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && code.startsWith('auth/') ? code : undefined;
}

/** The user closed the popup, or another popup was already open: ignored silently. */
const SILENT = new Set(['auth/popup-closed-by-user', 'auth/cancelled-popup-request', 'auth/user-cancelled']);

/** Popup failures worth the one retry (docs/product-rules.md#identity-retries): transient ones, not the user's choices. */
const RETRYABLE_POPUP = new Set(['auth/internal-error', 'auth/network-request-failed', 'auth/timeout']);

export function isSilentPopupError(error: unknown): boolean {
  return SILENT.has(firebaseCode(error) ?? '');
}

export function isRetryablePopupError(error: unknown): boolean {
  return RETRYABLE_POPUP.has(firebaseCode(error) ?? '');
}

/** The server's words in an internal error, beyond Firebase's own "Firebase: Error (auth/internal-error)." */
export function internalErrorDetails(error: unknown): string | undefined {
  const custom = (error as { customData?: Record<string, unknown> } | null)?.customData;
  const serverResponse = custom?._serverResponse ?? custom?.message;
  if (typeof serverResponse === 'string' && serverResponse.trim()) return serverResponse.trim();
  const message = (error as { message?: unknown } | null)?.message;
  if (typeof message !== 'string') return undefined;
  const details = message
    .replace(/^Firebase:\s*/, '')
    .replace(/\s*\(auth\/internal-error\)\.?\s*$/, '')
    .replace(/^Error$/, '')
    .trim();
  return details || undefined;
}

export type GoogleFailure =
  /** Closed or superseded popup: nothing to say. */
  | { kind: 'silent' }
  /** Alert: 'Popup was blocked. Please allow popups and try again.' */
  | { kind: 'popup-blocked' }
  /** With details: an alert with the possible causes and suggested actions. */
  | { kind: 'internal'; details: string }
  /** 'Authentication failed due to a configuration issue. Please contact support if this continues.' */
  | { kind: 'internal-no-details' }
  /** 'Network Connection Error' */
  | { kind: 'network' }
  /** 'Login failed: {message}', or 'Unknown error occurred' without a message. */
  | { kind: 'other'; message?: string };

/** Classifies an error of the Google popup, redirect or result (docs/product-rules.md#messages-google). */
export function classifyGoogleError(error: unknown): GoogleFailure {
  const code = firebaseCode(error);
  if (code && SILENT.has(code)) return { kind: 'silent' };
  if (code === 'auth/popup-blocked') return { kind: 'popup-blocked' };
  if (code === 'auth/network-request-failed') return { kind: 'network' };
  if (code === 'auth/internal-error') {
    const details = internalErrorDetails(error);
    return details ? { kind: 'internal', details } : { kind: 'internal-no-details' };
  }
  const message = (error as { message?: unknown } | null)?.message;
  return { kind: 'other', message: typeof message === 'string' && message.trim() ? message.trim() : undefined };
}

/** The identity-provider toasts (docs/product-rules.md#messages-google) for a failed exchange with the server. */
export type IdentityFailure = 'configuration' | 'network' | 'invalid-data' | 'failed';

export function classifyIdentityError(error: unknown): IdentityFailure {
  const code = firebaseCode(error);
  if (code === 'auth/internal-error') return 'configuration';
  if (code === 'auth/network-request-failed') return 'network';
  if (code === 'auth/invalid-credential' || code === 'auth/argument-error' || code === 'auth/invalid-user-token') return 'invalid-data';
  if (error instanceof IdentityDataError) return 'invalid-data';
  if (error instanceof ApiError) {
    if (error.status >= 500) return 'configuration';
    if (error.status === 400 || error.status === 422) return 'invalid-data';
    return 'failed';
  }
  if (error instanceof TypeError || (error instanceof DOMException && error.name === 'TimeoutError')) return 'network';
  return 'failed';
}

/** The identity token or user data failed the enhanced-login rules (docs/product-rules.md#identity-rules). */
export class IdentityDataError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'IdentityDataError';
  }
}

/**
 * Email/password internal errors (docs/product-rules.md#messages-google): the code is remapped by the message's content to
 * wrong-password, user-not-found or invalid-email; other codes stay as they are.
 */
export function remapEmailPasswordCode(error: unknown): string | undefined {
  const code = firebaseCode(error);
  if (code !== 'auth/internal-error') return code;
  const message = String((error as { message?: unknown } | null)?.message ?? '').toUpperCase();
  if (/INVALID_PASSWORD|WRONG.PASSWORD|PASSWORD/.test(message)) return 'auth/wrong-password';
  if (/EMAIL_NOT_FOUND|USER.NOT.FOUND|NO USER|USER_DISABLED/.test(message)) return 'auth/user-not-found';
  if (/INVALID_EMAIL|EMAIL/.test(message)) return 'auth/invalid-email';
  return code;
}
