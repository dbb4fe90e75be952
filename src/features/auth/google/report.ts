import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { ValiError } from 'valibot';
import { ApiError } from '../../../lib/api.ts';
import { notify } from '../../../lib/toast.ts';
import { authErrorText } from '../errors.ts';
import { authText } from '../../../lib/auth-messages.ts';
import { classifyGoogleError, classifyIdentityError, firebaseCode, IdentityDataError, type GoogleFailure } from './errors.ts';
import { GOOGLE_MESSAGES } from './messages.ts';

/** What the sign-in surface shows in place (docs/product-rules.md#messages-google: a blocked popup, an internal error); everything else is a toast. */
export type GoogleAlert = Extract<GoogleFailure, { kind: 'popup-blocked' | 'internal' | 'internal-no-details' }>;

/** Provider codes that are about the identity data or the connection, not the popup. */
const IDENTITY_CODES = new Set(['auth/network-request-failed', 'auth/invalid-credential', 'auth/argument-error', 'auth/invalid-user-token']);

/** The error belongs to the identity exchange (our server, the token, the connection). */
function isIdentityError(error: unknown): boolean {
  return (
    error instanceof ApiError ||
    error instanceof IdentityDataError ||
    error instanceof ValiError ||
    error instanceof TypeError ||
    IDENTITY_CODES.has(firebaseCode(error) ?? '')
  );
}

/**
 * Reports a failed Google sign-in (docs/product-rules.md#messages-google). The identity-provider failures become the
 * identity-provider toasts ('Firebase Configuration Error', 'Network Connection Error', 'Authentication
 * Error', 'Firebase Authentication Failed'); the popup's alerts (blocked, internal error) are
 * returned for the caller to show in place; a closed popup says nothing; anything else is
 * 'Google login failed' with 'Login failed: {message}' or 'Unknown error occurred'.
 */
export function reportGoogleError(i18n: I18n, error: unknown): GoogleAlert | null {
  if (isIdentityError(error)) {
    const detail = error instanceof ApiError ? authErrorText(i18n, error, 'googleLoginFailed') : undefined;
    switch (classifyIdentityError(error)) {
      case 'configuration':
        notify.error(i18n._(GOOGLE_MESSAGES.firebaseConfigurationError), { description: detail ?? i18n._(GOOGLE_MESSAGES.contactSupport) });
        break;
      case 'network':
        notify.error(i18n._(GOOGLE_MESSAGES.networkConnectionError), { description: i18n._(GOOGLE_MESSAGES.checkConnection) });
        break;
      case 'invalid-data':
        notify.error(i18n._(GOOGLE_MESSAGES.authenticationError), { description: detail ?? i18n._(GOOGLE_MESSAGES.invalidSignInData) });
        break;
      default:
        notify.error(i18n._(GOOGLE_MESSAGES.firebaseAuthenticationFailed), { description: detail });
    }
    return null;
  }
  const failure = classifyGoogleError(error);
  switch (failure.kind) {
    case 'silent':
      return null;
    case 'popup-blocked':
    case 'internal':
    case 'internal-no-details':
      return failure;
    case 'network':
      notify.error(i18n._(GOOGLE_MESSAGES.networkConnectionError), { description: i18n._(GOOGLE_MESSAGES.checkConnection) });
      return null;
    default: {
      const message = failure.message;
      notify.error(authText(i18n, 'googleLoginFailed'), {
        description: message ? i18n._(msg`Đăng nhập thất bại: ${message}`) : i18n._(GOOGLE_MESSAGES.unknownError),
      });
      return null;
    }
  }
}

/** The words a person would see for a failure, without showing them (the diagnostics page). */
export function googleFailureText(i18n: I18n, error: unknown): string {
  if (isIdentityError(error)) {
    const kind = classifyIdentityError(error);
    const title =
      kind === 'configuration'
        ? GOOGLE_MESSAGES.firebaseConfigurationError
        : kind === 'network'
          ? GOOGLE_MESSAGES.networkConnectionError
          : kind === 'invalid-data'
            ? GOOGLE_MESSAGES.authenticationError
            : GOOGLE_MESSAGES.firebaseAuthenticationFailed;
    const detail = error instanceof ApiError ? ` — ${authErrorText(i18n, error, 'googleLoginFailed')}` : '';
    return `${i18n._(title)}${detail}`;
  }
  const failure = classifyGoogleError(error);
  switch (failure.kind) {
    case 'silent':
      return i18n._(msg`Cửa sổ đã đóng hoặc bị thay thế (không báo lỗi cho người dùng).`);
    case 'popup-blocked':
      return i18n._(GOOGLE_MESSAGES.popupBlocked);
    case 'internal':
      return `${i18n._(GOOGLE_MESSAGES.internalWithDetails)} (${failure.details})`;
    case 'internal-no-details':
      return i18n._(GOOGLE_MESSAGES.internalNoDetails);
    case 'network':
      return i18n._(GOOGLE_MESSAGES.networkConnectionError);
    default: {
      const message = failure.message;
      return message ? i18n._(msg`Đăng nhập thất bại: ${message}`) : i18n._(GOOGLE_MESSAGES.unknownError);
    }
  }
}
