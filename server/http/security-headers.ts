/**
 * Security headers on every answer, plus a Content-Security-Policy on HTML.
 *
 * The PWA's HTML may carry inline scripts (theme boot, pre-rendered data); instead of
 * 'unsafe-inline', the policy lists the sha256 of each, computed once at start-up from the
 * build (see server/static/inline-scripts.ts).
 */
import type { Context, MiddlewareHandler } from 'hono';
import { appendedByProxy } from './client-address.ts';
import { isLoopbackHost } from './local-only.ts';
import type { AppEnv } from './types.ts';

/** Where Google sign-in through Firebase runs, when it is configured. */
export interface IdentityCspSources {
  /** FIREBASE_AUTH_DOMAIN: the sign-in popup and redirect handler are framed from there. */
  authDomain: string;
  /** `http://host:port` of the Auth emulator, which then serves those instead; null otherwise. */
  emulatorUrl: string | null;
}

/** Firebase Auth's REST endpoints (sign-in, token refresh, account lookup). */
const FIREBASE_CONNECT_SOURCES = ['https://identitytoolkit.googleapis.com', 'https://securetoken.googleapis.com', 'https://www.googleapis.com'];
/** The Google API loader the Firebase SDK pulls in for the sign-in popup. */
const FIREBASE_SCRIPT_SOURCES = ['https://apis.google.com'];
/** Google account pictures (the photoURL a Google sign-in brings as profile_picture). */
const GOOGLE_IMAGE_SOURCES = ['https://*.googleusercontent.com'];

const directive = (name: string, ...sources: string[]): string => [name, ...sources].join(' ');

/**
 * @param apiOrigin where the PWA calls its API when that is not this origin (API_BASE_URL at
 *   build time); media capability URLs come from there too.
 * @param identity Firebase's sources when Google sign-in is configured, else null (nothing added).
 */
export function buildCsp(scriptHashes: readonly string[], apiOrigin: string | null = null, identity: IdentityCspSources | null = null): string {
  const api = apiOrigin ? [apiOrigin] : [];
  const hashes = scriptHashes.map((hash) => `'sha256-${hash}'`);
  const emulator = identity?.emulatorUrl ? [identity.emulatorUrl] : [];
  return [
    "default-src 'self'",
    directive('script-src', "'self'", ...hashes, ...(identity ? FIREBASE_SCRIPT_SOURCES : [])),
    // Inline style attributes come with React and the design system's runtime variables.
    "style-src 'self' 'unsafe-inline'",
    // data: for small inlined images, blob: for previews of files picked before upload.
    directive('img-src', "'self'", 'data:', 'blob:', ...api, ...(identity ? GOOGLE_IMAGE_SOURCES : [])),
    // Videos (results, upscaler inputs) come from the media URLs of the API; blob: previews a
    // picked video before upload.
    directive('media-src', "'self'", 'blob:', ...api),
    "font-src 'self'",
    directive('connect-src', "'self'", ...api, ...(identity ? [...FIREBASE_CONNECT_SOURCES, ...emulator] : [])),
    ...(identity ? [directive('frame-src', "'self'", `https://${identity.authDomain}`, ...emulator)] : []),
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
];

/**
 * HTTPS only from now on, for a year, subdomains included: a browser that once reached the product
 * over HTTPS never again sends a request (or a token) in clear to it.
 */
export const HSTS_VALUE = 'max-age=31536000; includeSubDomains';

/** How the server learns that an answer travels over HTTPS. */
export interface HttpsHints {
  /** PUBLIC_URL: when it is https://, every answer not addressed to a loopback host is HTTPS. */
  publicUrl: string;
  /** TRUST_PROXY: the proxy's X-Forwarded-Proto is believed. */
  trustProxy: boolean;
}

/**
 * Whether this answer goes out over HTTPS: the socket is TLS, or a trusted proxy says the client
 * used https, or the product is published at an https:// address and the request was not
 * addressed to this machine (plain-http localhost never gets HSTS: it would lock a developer's
 * browser out of every other local server on that name).
 */
function servedOverHttps(c: Context<AppEnv>, hints: HttpsHints): boolean {
  const socket = c.env?.incoming?.socket as { encrypted?: boolean } | undefined;
  if (socket?.encrypted === true) return true;
  const hostname = new URL(c.req.url).hostname;
  if (hints.trustProxy) {
    // The rightmost entry, as for X-Forwarded-For (client-address.ts): a proxy that appends
    // leaves whatever the client wrote on the left, so a client-written "https" there must not
    // turn on HSTS for a plain-http visit.
    const proto = appendedByProxy(c.req.header('x-forwarded-proto'))?.toLowerCase();
    if (proto === 'https') return true;
    if (proto === 'http') return false;
  }
  return hints.publicUrl.startsWith('https://') && !isLoopbackHost(hostname);
}

/**
 * @param options.allowPopups when Google sign-in is configured: its popup must be able to report
 *   back to the page that opened it, which `same-origin` would cut off.
 * @param options.https when given, answers served over HTTPS carry Strict-Transport-Security.
 */
export function securityHeaders(csp: string, options: { allowPopups?: boolean; https?: HttpsHints } = {}): MiddlewareHandler<AppEnv> {
  const opener = options.allowPopups ? 'same-origin-allow-popups' : 'same-origin';
  const https = options.https;
  return async (c, next) => {
    await next();
    for (const [name, value] of COMMON_HEADERS) c.res.headers.set(name, value);
    if (https && servedOverHttps(c, https)) c.res.headers.set('Strict-Transport-Security', HSTS_VALUE);
    c.res.headers.set('Cross-Origin-Opener-Policy', opener);
    if (c.res.headers.get('content-type')?.startsWith('text/html')) {
      c.res.headers.set('Content-Security-Policy', csp);
    }
  };
}
