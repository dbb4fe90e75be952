/**
 * The client address the per-address limits count under: the first X-Forwarded-For entry when
 * the proxy in front is trusted (TRUST_PROXY=1), else the socket's peer, else 'unknown' (a request
 * that did not come through a socket, e.g. in tests). Same rule as the request log's.
 */
import type { Context } from 'hono';
import type { AppEnv } from '../http/types.ts';

export function clientAddress<E extends AppEnv>(c: Context<E>, trustProxy: boolean): string {
  if (trustProxy) {
    const forwarded = c.req.header('x-forwarded-for')?.split(',')[0]?.trim();
    if (forwarded) return forwarded;
  }
  return c.env?.incoming?.socket?.remoteAddress ?? 'unknown';
}
