/**
 * Security headers on every answer, plus a Content-Security-Policy on HTML.
 *
 * The PWA's HTML may carry inline scripts (theme boot, pre-rendered data); instead of
 * 'unsafe-inline', the policy lists the sha256 of each, computed once at start-up from the
 * build (see server/static/inline-scripts.ts).
 */
import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from './types.ts';

/**
 * @param apiOrigin where the PWA calls its API when that is not this origin (API_BASE_URL at
 *   build time); media capability URLs come from there too.
 */
export function buildCsp(scriptHashes: readonly string[], apiOrigin: string | null = null): string {
  const api = apiOrigin ? ` ${apiOrigin}` : '';
  const hashes = scriptHashes.map((hash) => `'sha256-${hash}'`);
  return [
    "default-src 'self'",
    ['script-src', "'self'", ...hashes].join(' '),
    // Inline style attributes come with React and the design system's runtime variables.
    "style-src 'self' 'unsafe-inline'",
    // data: for small inlined images, blob: for previews of files picked before upload.
    `img-src 'self' data: blob:${api}`,
    "font-src 'self'",
    `connect-src 'self'${api}`,
    "worker-src 'self'",
    "manifest-src 'self'",
    "frame-ancestors 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "object-src 'none'",
  ].join('; ');
}

const COMMON_HEADERS: ReadonlyArray<readonly [string, string]> = [
  ['X-Content-Type-Options', 'nosniff'],
  ['Referrer-Policy', 'strict-origin-when-cross-origin'],
  ['X-Frame-Options', 'DENY'],
  // The studios use the tablet camera; nothing asks for the rest.
  ['Permissions-Policy', 'camera=(self), microphone=(), geolocation=(), payment=(), usb=()'],
  ['Cross-Origin-Opener-Policy', 'same-origin'],
];

export function securityHeaders(csp: string): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    await next();
    for (const [name, value] of COMMON_HEADERS) c.res.headers.set(name, value);
    if (c.res.headers.get('content-type')?.startsWith('text/html')) {
      c.res.headers.set('Content-Security-Policy', csp);
    }
  };
}
