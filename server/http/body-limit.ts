/**
 * Request body limits, on every route (app.ts says which limit each route has). The body is
 * never buffered to be measured:
 *
 * - a declared Content-Length over the limit is answered 413 before a byte is read (Node's parser
 *   never hands a handler more than the declared length);
 * - a body without one (chunked) is counted while the route reads it: the read that passes the
 *   limit fails and the request is answered 413, however the route read it (`readJson` in
 *   ./errors.ts answers it, and the app's one error handler answers any other reader's failure:
 *   text, bytes, a form), and the rest of the body is left to the Node server, which drops it.
 *
 * So a 256 MiB body costs at most the limit plus one chunk of memory, whatever its framing.
 */
import type { Context, MiddlewareHandler } from 'hono';
import { httpError, type HttpError } from './http-error.ts';
import type { AppEnv } from './types.ts';

/** A route whose handler enforces its own limit while it streams the body (uploads). */
export const ROUTE_ENFORCED = 'route' as const;

export type BodyLimit = number | typeof ROUTE_ENFORCED;

/** Thrown by a limited body's reader once the limit is passed. */
export class BodyTooLargeError extends Error {
  readonly maxBytes: number;

  constructor(maxBytes: number) {
    super(`request body over ${maxBytes} bytes`);
    this.maxBytes = maxBytes;
    this.name = 'BodyTooLargeError';
  }
}

/** The limit as a person reads it: `64 KiB`, `100 MiB`. */
function describeBytes(bytes: number): string {
  const KIB = 1024;
  const MIB = KIB * KIB;
  if (bytes >= MIB) return `${Math.floor(bytes / MIB)} MiB`;
  if (bytes >= KIB) return `${Math.floor(bytes / KIB)} KiB`;
  return `${bytes} bytes`;
}

export function tooLargeError(maxBytes: number): HttpError {
  return httpError(413, 'bodyTooLarge', { values: { maxSize: describeBytes(maxBytes) } });
}

/** Where the counting reader notes that it stopped a body (read by `bodyTooLarge`). */
const exceeded = new WeakMap<Request, number>();

/**
 * The 413 to answer when reading the body failed because of its limit, else null.
 * @param error what the body reader threw
 */
export function bodyTooLarge(c: Context, error: unknown): HttpError | null {
  if (error instanceof BodyTooLargeError) return tooLargeError(error.maxBytes);
  const cause = error instanceof Error ? error.cause : undefined;
  if (cause instanceof BodyTooLargeError) return tooLargeError(cause.maxBytes);
  const maxBytes = exceeded.get(c.req.raw);
  return maxBytes === undefined ? null : tooLargeError(maxBytes);
}

/** Digits only: a Content-Length that is anything else is refused. */
const CONTENT_LENGTH = /^\d{1,15}$/;

/**
 * @param limitFor the limit of this request's route, in bytes, or ROUTE_ENFORCED for a route that
 *   streams its body under its own limit
 */
export function bodyLimit(limitFor: (c: Context<AppEnv>) => BodyLimit): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const limit = limitFor(c);
    const raw = c.req.raw;
    // GET and HEAD carry none; the Node server hands them no body.
    if (limit === ROUTE_ENFORCED || !raw.body) return next();
    const declared = raw.headers.get('content-length');
    if (declared !== null && !raw.headers.has('transfer-encoding')) {
      if (!CONTENT_LENGTH.test(declared.trim())) throw httpError(400, 'invalidContentLength');
      if (Number(declared) > limit) throw tooLargeError(limit);
      return next();
    }
    // No declared length: count while the route reads, and stop at the limit. The source is not
    // cancelled (that would reset the connection before the 413 goes out), only let go.
    const reader = raw.body.getReader();
    let seen = 0;
    const counted = new ReadableStream<Uint8Array>(
      {
        async pull(controller) {
          const { done, value } = await reader.read();
          if (done) {
            controller.close();
            return;
          }
          seen += value.byteLength;
          if (seen > limit) {
            exceeded.set(limited, limit);
            reader.releaseLock();
            controller.error(new BodyTooLargeError(limit));
            return;
          }
          controller.enqueue(value);
        },
        cancel: (reason) => reader.cancel(reason),
      },
      // Nothing read ahead of the route: memory is the route's own buffer and one chunk.
      { highWaterMark: 0 },
    );
    const limited = new Request(raw.url, { method: raw.method, headers: raw.headers, signal: raw.signal, body: counted, duplex: 'half' } as RequestInit);
    c.req.raw = limited;
    return next();
  };
}
