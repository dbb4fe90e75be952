import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { ApiError } from '../../lib/api.ts';
import { authMessage, authText, isAuthCode, type AuthCode, type MessageValues } from '../../lib/auth-messages.ts';
import { httpErrorWords } from '../../lib/error-words.ts';

function errorBody(error: unknown): Record<string, unknown> | undefined {
  return error instanceof ApiError && error.body && typeof error.body === 'object' ? (error.body as Record<string, unknown>) : undefined;
}

/** The `code` of a server error body, when it is one the interface knows. */
export function errorCode(error: unknown): AuthCode | undefined {
  const code = errorBody(error)?.code;
  return isAuthCode(code) ? code : undefined;
}

/** Placeholder values of a coded message: `{n}` minutes to wait after too many attempts. */
export function errorValues(error: unknown): MessageValues | undefined {
  const seconds = errorBody(error)?.retry_after_seconds;
  if (typeof seconds !== 'number' || !Number.isFinite(seconds)) return undefined;
  return { n: Math.max(1, Math.ceil(seconds / 60)) };
}

/** The request never got an answer: offline, refused, or timed out. */
export function isNetworkError(error: unknown): boolean {
  if (error instanceof ApiError) return false;
  if (error instanceof TypeError) return true;
  return error instanceof DOMException && (error.name === 'TimeoutError' || error.name === 'AbortError');
}

const GENERIC_STATUS_TEXT = /^API request failed with status: \d+$/;

/**
 * What a failed auth call says to a person (docs/product-rules.md#api-errors, #messages-auth): the translation of the server's
 * `code` when known (the auth area's or one of HTTP_MESSAGES), else the server's own text, else `fallback` (a contract key).
 */
export function authErrorText(i18n: I18n, error: unknown, fallback: AuthCode): string {
  const code = errorCode(error);
  if (code) return authText(i18n, code, errorValues(error) ?? { n: 1 });
  const words = httpErrorWords(i18n, error);
  if (words) return words;
  if (isNetworkError(error)) return i18n._(msg`Không kết nối được máy chủ. Vui lòng kiểm tra mạng và thử lại.`);
  if (error instanceof ApiError && error.message && !GENERIC_STATUS_TEXT.test(error.message)) return authMessage(i18n, error.message);
  return authText(i18n, fallback);
}
