/**
 * Media errors: the spec's `{ detail }` / `{ message }` answer plus `code`, the MEDIA_MESSAGES key
 * of the text (like the auth area's CodedError, whose codes are the auth keys).
 */
import type { Context, ErrorHandler } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { errorBodyFor } from '../../src/contract/errors.ts';
import { MEDIA_MESSAGES, type MediaMessageKey } from '../../src/contract/media.ts';
import { handleCodedError } from '../auth/errors.ts';
import { ApiError } from '../http/errors.ts';
import type { AppEnv } from '../http/types.ts';

export class MediaError extends ApiError {
  readonly code: MediaMessageKey;
  /** Seconds until a retry can succeed (429 only): `retry_after_seconds` and Retry-After, as the auth area's. */
  readonly retryAfterSeconds: number | null;
  /** Machine-readable facts the answer carries besides the text (e.g. the quota's used and limit bytes). */
  readonly fields: Readonly<Record<string, number | string>>;

  constructor(
    status: ContentfulStatusCode,
    code: MediaMessageKey,
    options: { text?: string; cause?: unknown; retryAfterSeconds?: number; fields?: Record<string, number | string> } = {},
  ) {
    super(status, options.text ?? MEDIA_MESSAGES[code], { cause: options.cause });
    this.name = 'MediaError';
    this.code = code;
    this.retryAfterSeconds = options.retryAfterSeconds ?? null;
    this.fields = options.fields ?? {};
  }
}

export function mediaError(status: ContentfulStatusCode, code: MediaMessageKey, text?: string): MediaError {
  return text === undefined ? new MediaError(status, code) : new MediaError(status, code, { text });
}

/**
 * The media routers' error handler: media errors with their code, everything else (the guards'
 * auth errors, validation, the unexpected) as the app answers it.
 */
export function handleMediaError<E extends AppEnv>(error: Parameters<ErrorHandler<E>>[0], c: Context<E>): Response | Promise<Response> {
  // The shared handler only reads the request and sets the answer: any environment will do.
  if (!(error instanceof MediaError)) return handleCodedError(error, c as unknown as Context<AppEnv>);
  // A failure on our side: the request log line carries its cause (and stack).
  if (error.status >= 500) c.set('error', error.cause instanceof Error ? error.cause : error);
  c.header('Cache-Control', 'no-store');
  if (error.retryAfterSeconds !== null) c.header('Retry-After', String(error.retryAfterSeconds));
  return c.json(
    {
      ...errorBodyFor(c.req.method, error.message),
      code: error.code,
      ...error.fields,
      ...(error.retryAfterSeconds !== null ? { retry_after_seconds: error.retryAfterSeconds } : {}),
    },
    error.status,
  );
}
