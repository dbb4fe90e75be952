/**
 * The errors routes and services throw: `ApiError` (a status and a sentence for a person) and
 * `CodedError` (the same plus a machine-readable `code`). They depend on nothing, so every module
 * of the server can throw them; server/http/errors.ts turns them into answers and re-exports them.
 */
import type { ContentfulStatusCode } from 'hono/utils/http-status';

export class ApiError extends Error {
  readonly status: ContentfulStatusCode;

  /** @param message shown to the user as is: write it for a person. */
  constructor(status: ContentfulStatusCode, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'ApiError';
    this.status = status;
  }
}

/**
 * An error whose answer carries `code` besides the text: the `{ detail }` / `{ message }` of docs/product-rules.md#api-errors
 * plus `code`, then the extra `fields` (e.g. a 402's balance, cost and shortage, a quota's used
 * and limit bytes), then for a 429 `retry_after_seconds` (with the Retry-After header). Each area
 * builds them through its factory, made by `codedErrors` from its contract's message table
 * (authError, mediaError, generationError…), so the text of a code is always the catalogue's.
 */
export class CodedError<C extends string = string> extends ApiError {
  readonly code: C;
  /** Seconds until a retry can succeed (429 only). */
  readonly retryAfterSeconds: number | null;
  /** Machine-readable facts the answer carries besides the text. */
  readonly fields: Readonly<Record<string, ErrorField>>;

  /** @param text shown to the user as is (normally the area's text for `code`). */
  constructor(status: ContentfulStatusCode, code: C, text: string, options: CodedErrorOptions = {}) {
    super(status, text, { cause: options.cause });
    this.name = 'CodedError';
    this.code = code;
    this.retryAfterSeconds = options.retryAfterSeconds ?? null;
    this.fields = options.fields ?? {};
  }
}

/** A fact of an error answer: a number, a text, or a JSON structure of them (e.g. an engine's plan). */
export type ErrorField = number | string | boolean | null | undefined | readonly ErrorField[] | { readonly [key: string]: ErrorField };

export interface CodedErrorOptions {
  cause?: unknown;
  retryAfterSeconds?: number;
  fields?: Record<string, ErrorField>;
}

/** What an area's factory takes besides the status and code. */
export interface CodedErrorInit extends CodedErrorOptions {
  /** Values of the text's `{name}` placeholders (e.g. `{n}` minutes). */
  values?: Readonly<Record<string, string | number>>;
  /** The text, when the contract computes it for this case (e.g. a limit in it); else the catalogue's text of the code. */
  text?: string;
}

/**
 * The coded-error factory of an area: `factory(status, code, init?)` answers a CodedError whose
 * text is `messages[code]` (the area's catalogue in src/contract/, which the PWA shows in the
 * person's language by code), its placeholders filled from `init.values`.
 */
export function codedErrors<C extends string>(messages: Readonly<Record<C, string>>) {
  return (status: ContentfulStatusCode, code: C, init: CodedErrorInit = {}): CodedError<C> => {
    const { values, text, ...options } = init;
    let filled = text ?? messages[code];
    for (const [name, value] of Object.entries(values ?? {})) filled = filled.replace(`{${name}}`, String(value));
    return new CodedError(status, code, filled, options);
  };
}

/** Seconds per minute, for the "wait {n} minutes" texts. */
const SECONDS_PER_MINUTE = 60;

/**
 * A 429's wait: whole seconds (at least 1) for `retry_after_seconds` and Retry-After, and the
 * `{n}` minutes (at least 1) its text says.
 */
export function retryAfter(retryAfterSeconds: number): { retryAfterSeconds: number; values: { n: number } } {
  const seconds = Math.max(1, Math.ceil(retryAfterSeconds));
  return { retryAfterSeconds: seconds, values: { n: Math.max(1, Math.ceil(seconds / SECONDS_PER_MINUTE)) } };
}

/** Whether `error` is a coded error with `code` (whatever the area). */
export function hasCode(error: unknown, code: string): error is CodedError {
  return error instanceof CodedError && error.code === code;
}
