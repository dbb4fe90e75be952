/**
 * The client address of a request, for the request log and the per-address limits alike.
 *
 * With TRUST_PROXY=1 the one reverse proxy in front is trusted to append the address it saw to
 * X-Forwarded-For: that is the rightmost entry. Everything left of it was written by the client
 * (or by proxies nobody vouches for) and can be anything, so it is never used: a client that
 * sends `X-Forwarded-For: <random>` on every request still counts under its own address.
 * Without TRUST_PROXY the header is ignored and the socket's peer is the address.
 */
import type { Context } from 'hono';
import type { AppEnv } from './types.ts';

/**
 * The entry the one trusted proxy appended to a comma-separated X-Forwarded-* header: the
 * rightmost. The same rule for every such header (For, Proto): entries left of it were written
 * by the client.
 */
export function appendedByProxy(header: string | undefined): string | undefined {
  return header?.split(',').at(-1)?.trim() || undefined;
}

/** The address, or undefined when the request did not come through a socket (tests). */
export function requestAddress<E extends AppEnv>(c: Context<E>, trustProxy: boolean): string | undefined {
  if (trustProxy) {
    const appended = appendedByProxy(c.req.header('x-forwarded-for'));
    if (appended) return appended;
  }
  return c.env?.incoming?.socket?.remoteAddress;
}

/** The address the per-address limits count under; 'unknown' (one shared counter) when there is none. */
export function clientAddress<E extends AppEnv>(c: Context<E>, trustProxy: boolean): string {
  return requestAddress(c, trustProxy) ?? 'unknown';
}
