/**
 * The @fal-ai/client instance the engine uses, pointed at FAL_QUEUE_URL, and the translation of
 * its failures into EngineError.
 *
 * @fal-ai/client 1.10 builds its URLs itself (`https://queue.fal.run/<endpoint>` for the queue,
 * `https://rest.fal.ai/storage/upload/initiate` for uploads) and has no base-URL option; it does
 * have a supported `requestMiddleware` hook that may rewrite each request's URL, which is how a
 * configured queue URL (a local fake in tests, or a proxy) takes their place. The upload itself
 * goes to the `upload_url` that the initiate call answered, so it follows along.
 *
 * Which addresses stand in for fal's (FalUrls):
 * - FAL_QUEUE_URL unset (fal's own): queue https://queue.fal.run, storage https://rest.fal.ai,
 *   webhook keys https://rest.alpha.fal.ai/.well-known/jwks.json (fal's documented JWKS).
 * - FAL_QUEUE_URL set to anything else: that address stands in for all of fal (queue, storage
 *   initiate, `/.well-known/jwks.json`), as a fake or a proxy of the whole API would.
 */
import { ApiError, createFalClient, isRetryableError, type FalClient, type RequestMiddleware } from '@fal-ai/client';
import type { FalConfig } from '../../config.ts';
import type { Logger } from '../../logger.ts';
import { EngineError } from '../types.ts';

/** Where @fal-ai/client sends queue calls, and FAL_QUEUE_URL's default. */
export const FAL_QUEUE_ORIGIN = 'https://queue.fal.run';
/** Where @fal-ai/client sends storage calls. */
export const FAL_REST_ORIGIN = 'https://rest.fal.ai';
/** fal's webhook signing keys (docs.fal.ai, "Verifying your webhook"). */
export const FAL_JWKS_URL = 'https://rest.alpha.fal.ai/.well-known/jwks.json';

export interface FalUrls {
  queue: string;
  rest: string;
  jwks: string;
}

export function falUrls(config: Pick<FalConfig, 'queueUrl'>, overrides: Partial<FalUrls> = {}): FalUrls {
  const queue = config.queueUrl.replace(/\/+$/, '');
  const own = queue === FAL_QUEUE_ORIGIN;
  return {
    queue,
    rest: overrides.rest ?? (own ? FAL_REST_ORIGIN : queue),
    jwks: overrides.jwks ?? (own ? FAL_JWKS_URL : `${queue}/.well-known/jwks.json`),
  };
}

/** Rewrites the client's fixed origins to the configured ones. */
function rewriteOrigins(urls: FalUrls): RequestMiddleware {
  const pairs: Array<[from: string, to: string]> = [
    [FAL_QUEUE_ORIGIN, urls.queue],
    [FAL_REST_ORIGIN, urls.rest],
  ];
  return (request) => {
    for (const [from, to] of pairs) {
      if (from !== to && (request.url === from || request.url.startsWith(`${from}/`) || request.url.startsWith(`${from}?`))) {
        return Promise.resolve({ ...request, url: to + request.url.slice(from.length) });
      }
    }
    return Promise.resolve(request);
  };
}

export function createFal(config: FalConfig, urls: FalUrls, fetchImpl: typeof fetch): FalClient {
  return createFalClient({ credentials: config.key, fetch: fetchImpl, requestMiddleware: rewriteOrigins(urls) });
}

/** Statuses fal (or anything in front of it) answers when it is busy or briefly away. */
const BUSY_STATUSES = new Set([408, 425, 429, 502, 503, 504]);

/**
 * A failure of a fal call as an EngineError. The provider's own words (validation details, error
 * types) go to the log only: the person reads one of our messages.
 * - 4xx (validation, a refused input, a rejected key): permanent, 'failedToProcess'.
 * - 408/429/502/503/504 and network failures: transient, 'serverTimeout'.
 * - other 5xx (the model failed): transient, 'failedToProcess'.
 */
export function toEngineError(error: unknown, logger: Logger, context: { endpoint: string; requestId?: string | null; step: string }): EngineError {
  if (error instanceof EngineError) return error;
  const where = { endpoint: context.endpoint, request_id: context.requestId ?? null, step: context.step };
  if (error instanceof ApiError) {
    const status = error.status;
    const detail: unknown = error.body ?? error.message;
    if (status === 401 || status === 403) {
      logger.error({ ...where, status, detail }, 'fal refused the API key (check FAL_KEY)');
      return new EngineError('failedToProcess', { cause: error });
    }
    if (status >= 400 && status < 500 && !BUSY_STATUSES.has(status)) {
      logger.warn({ ...where, status, detail }, 'fal refused the request');
      return new EngineError('failedToProcess', { cause: error });
    }
    logger.warn({ ...where, status, detail }, 'fal failed the request; it will be retried');
    return new EngineError(BUSY_STATUSES.has(status) ? 'serverTimeout' : 'failedToProcess', { transient: true, cause: error });
  }
  if (isRetryableError(error, [])) {
    logger.warn({ ...where, err: error }, 'fal could not be reached; it will be retried');
    return new EngineError('serverTimeout', { transient: true, cause: error });
  }
  logger.error({ ...where, err: error }, 'fal call failed unexpectedly');
  return new EngineError('failedToProcess', { cause: error });
}
