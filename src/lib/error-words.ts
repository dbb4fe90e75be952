import type { I18n } from '@lingui/core';
import { ApiError, answerCode, setErrorAnswerHandler } from './api.ts';

/**
 * What a failed call says to a person where a screen has no words of its own for it: the words of
 * an error of no particular area (HTTP_MESSAGES of src/contract/http-errors.ts: a body, an input
 * or a path the server could not take, a failure on its side) in the person's language, else the
 * error's own text (docs/product-rules.md#api-errors). The words (./http-messages.ts) and their
 * catalog load with the first error answer that has a `code`, before its ApiError is thrown.
 */
type HttpWords = typeof import('./http-messages.ts');
let words: HttpWords | null = null;

/** Loads the words and their catalog, once. */
export async function loadHttpWords(): Promise<void> {
  if (words) return;
  const module = await import('./http-messages.ts');
  await module.loadHttpCatalog();
  words = module;
}

setErrorAnswerHandler(async (body) => {
  if (answerCode(body) !== undefined) await loadHttpWords();
});

/** The words of `code` when it is one of HTTP_MESSAGES (and they are loaded); `serverText` gives the figure they name. */
export function httpWords(i18n: I18n, code: string, serverText: string): string | undefined {
  return words?.isHttpCode(code) ? words.httpText(i18n, code, serverText) : undefined;
}

/** The words of a failed call's answer whose code is one of HTTP_MESSAGES. */
export function httpErrorWords(i18n: I18n, error: unknown): string | undefined {
  const code = error instanceof ApiError ? error.code : undefined;
  return code === undefined ? undefined : httpWords(i18n, code, (error as ApiError).message);
}

/** The words of a failed call, else its own text (another area's server text, or "API request failed with status: …"). */
export function apiErrorText(i18n: I18n, error: unknown): string {
  return httpErrorWords(i18n, error) ?? (error instanceof Error ? error.message : String(error));
}
