/**
 * Gives JSON answers an explicit Content-Length. Hono builds JSON bodies in memory, but their
 * length is only computed by the node adapter while writing: too late for the compression
 * middleware (which must skip small bodies) and for the request log. Buffering a JSON body costs
 * nothing more; streams of other types (files, event streams) are left alone.
 */
import type { Context, MiddlewareHandler } from 'hono';
import type { AppEnv } from './types.ts';

export async function setJsonContentLength(c: Context<AppEnv>): Promise<void> {
  const res = c.res;
  if (!res.body || res.headers.has('content-length') || !res.headers.get('content-type')?.startsWith('application/json')) return;
  const bytes = new Uint8Array(await res.arrayBuffer());
  const headers = new Headers(res.headers);
  headers.set('Content-Length', String(bytes.byteLength));
  c.res = new Response(bytes, { status: res.status, headers });
}

export function jsonContentLength(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    await next();
    await setJsonContentLength(c);
  };
}
