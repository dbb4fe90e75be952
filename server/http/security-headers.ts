/**
 * Security headers on every answer, plus a Content-Security-Policy on HTML.
 *
 * The PWA's HTML may carry inline scripts (theme boot, pre-rendered data); instead of
 * 'unsafe-inline', the policy lists the sha256 of each, computed once at start-up from the
 * build (see server/static/inline-scripts.ts).
 */
import type { MiddlewareHandler } from 'hono';
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
 * @param options.allowPopups when Google sign-in is configured: its popup must be able to report
 *   back to the page that opened it, which `same-origin` would cut off.
 */
export function securityHeaders(csp: string, options: { allowPopups?: boolean } = {}): MiddlewareHandler<AppEnv> {
  const opener = options.allowPopups ? 'same-origin-allow-popups' : 'same-origin';
  return async (c, next) => {
    await next();
    for (const [name, value] of COMMON_HEADERS) c.res.headers.set(name, value);
    c.res.headers.set('Cross-Origin-Opener-Policy', opener);
    if (c.res.headers.get('content-type')?.startsWith('text/html')) {
      c.res.headers.set('Content-Security-Policy', csp);
    }
  };
}
