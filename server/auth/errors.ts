/**
 * Auth errors: the spec's `{ detail }` / `{ message }` answer plus a `code`, the AUTH_MESSAGES key
 * of the text, so the PWA can show it in the person's language. A 429 also carries
 * `retry_after_seconds` and the Retry-After header.
 *
 * `handleCodedError` wraps the shared error handler (server/http/errors.ts): coded errors are
 * answered here, everything else goes through unchanged.
 */
import type { Context, ErrorHandler } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import * as v from 'valibot';
import { AUTH_MESSAGES, type AuthMessageKey } from '../../src/contract/auth.ts';
import { errorBodyFor } from '../../src/contract/errors.ts';
import { ApiError, describeIssues, handleError, readJson } from '../http/errors.ts';
import type { AppEnv } from '../http/types.ts';

export class CodedError extends ApiError {
  readonly code: AuthMessageKey;
  /** Seconds until a retry can succeed (429 only). */
  readonly retryAfterSeconds: number | null;

  constructor(status: ContentfulStatusCode, code: AuthMessageKey, options: { text?: string; retryAfterSeconds?: number; cause?: unknown } = {}) {
    super(status, options.text ?? AUTH_MESSAGES[code], { cause: options.cause });
    this.name = 'CodedError';
    this.code = code;
    this.retryAfterSeconds = options.retryAfterSeconds ?? null;
  }
}

/** `throw authError(401, 'checkCredentials')`: the spec's text for that key, with its code. */
export function authError(status: ContentfulStatusCode, code: AuthMessageKey): CodedError {
  return new CodedError(status, code);
}

/** Seconds per minute, for the "wait {n} minutes" text. */
const SECONDS_PER_MINUTE = 60;

/** 429 'Too many attempts. Please wait {n} minutes and try again.' */
export function tooManyAttempts(retryAfterSeconds: number): CodedError {
  const seconds = Math.max(1, Math.ceil(retryAfterSeconds));
  const minutes = Math.max(1, Math.ceil(seconds / SECONDS_PER_MINUTE));
  return new CodedError(429, 'tooManyAttempts', {
    text: AUTH_MESSAGES.tooManyAttempts.replace('{n}', String(minutes)),
    retryAfterSeconds: seconds,
  });
}

const KEY_BY_TEXT: ReadonlyMap<string, AuthMessageKey> = new Map(
  (Object.entries(AUTH_MESSAGES) as Array<[AuthMessageKey, string]>).map(([key, text]) => [text, key]),
);

/**
 * Validates a JSON body against an auth contract schema. When the first problem is one of the
 * spec's texts ('Please enter a valid email', …) the 422 carries that text and its code;
 * otherwise it is the usual "Invalid input: …" sentence.
 */
export async function readAuthBody<const S extends v.GenericSchema>(c: Context, schema: S): Promise<v.InferOutput<S>> {
  const result = v.safeParse(schema, await readJson(c));
  if (result.success) return result.output;
  const first = result.issues[0];
  const key = first ? KEY_BY_TEXT.get(first.message) : undefined;
  if (key) throw new CodedError(422, key);
  throw new ApiError(422, describeIssues(result.issues));
}

export const handleCodedError: ErrorHandler<AppEnv> = (error, c) => {
  if (!(error instanceof CodedError)) return handleError(error, c);
  c.header('Cache-Control', 'no-store');
  if (error.retryAfterSeconds !== null) c.header('Retry-After', String(error.retryAfterSeconds));
  if (error.code === 'signInRequired' || error.code === 'sessionExpired') c.header('WWW-Authenticate', 'Bearer');
  return c.json(
    {
      ...errorBodyFor(c.req.method, error.message),
      code: error.code,
      ...(error.retryAfterSeconds !== null ? { retry_after_seconds: error.retryAfterSeconds } : {}),
    },
    error.status,
  );
};
