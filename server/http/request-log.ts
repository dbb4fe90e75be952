/**
 * One log line per request: method, path (no query string: it may carry tokens), status,
 * duration in ms (0.1 ms precision), request id, content length (null when streamed) and client
 * address. A 5xx line is logged at error level and carries the error with its stack; a 400 for a
 * value the database refused, at warn level with its error (never the query's parameters: see
 * the logger's error serializer).
 */
import { performance } from 'node:perf_hooks';
import type { MiddlewareHandler } from 'hono';
import { requestAddress } from './client-address.ts';
import type { Logger } from '../logger.ts';
import { setJsonContentLength } from './json-length.ts';
import type { AppEnv } from './types.ts';

export function requestLog(logger: Logger, options: { trustProxy: boolean }): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const started = performance.now();
    await next();
    // Compressed JSON has lost its length on the way out: measure it again for the log line.
    await setJsonContentLength(c);

    const write = (sent: { status: number; contentLength: number | null; aborted?: boolean }) => {
      const fields = {
        method: c.req.method,
        path: c.req.path,
        status: sent.status,
        durationMs: Math.round((performance.now() - started) * 10) / 10,
        requestId: c.get('requestId'),
        contentLength: sent.contentLength,
        ip: requestAddress(c, options.trustProxy),
        ...(sent.aborted ? { aborted: true } : {}),
      };
      const error = c.get('error');
      if (sent.status >= 500) logger.error({ ...fields, err: error }, 'request failed');
      // A value the database refused (see handleError): the client's fault, but worth a look.
      else if (error) logger.warn({ ...fields, err: error }, 'request refused by the database');
      else logger.info(fields, 'request');
    };

    const outgoing = c.env?.outgoing;
    if (outgoing) {
      // Over a real socket the line is written once the body has gone out, so the duration
      // covers the transfer (and a client that went away is noted).
      const length = c.res.headers.get('content-length');
      outgoing.once('close', () => {
        write({
          status: outgoing.statusCode,
          contentLength: length === null ? null : Number(length),
          aborted: !outgoing.writableFinished,
        });
      });
      return;
    }
    const length = c.res.headers.get('content-length');
    write({ status: c.res.status, contentLength: length === null ? null : Number(length) });
  };
}
