/**
 * "From this machine only" for the mail outbox and the dev tools: they hand out verification
 * codes, reset links and credits with no sign-in, so only a person at the server's own keyboard
 * may use them.
 *
 * A request is local when all of these hold:
 * - its socket peer is a loopback address (127.0.0.0/8, ::1, or ::ffff:127.x);
 * - every address a proxy put in X-Forwarded-For / X-Real-IP / Forwarded is loopback too,
 *   whether or not TRUST_PROXY is set: a request relayed by a reverse proxy on the same machine
 *   arrives from 127.0.0.1 but comes from whoever the proxy serves, and the proxy says so in
 *   those headers (a local client forging them only locks itself out);
 * - the host it was addressed to is a loopback name or address (localhost, *.localhost,
 *   127.x, [::1]): a web page that rebinds its own domain to 127.0.0.1 cannot read the outbox
 *   through the visitor's browser (DNS rebinding), since its requests carry its own host name.
 * A request that came through no socket (an in-process test request) is not local.
 */
import { isIP } from 'node:net';
import type { Context, MiddlewareHandler } from 'hono';
import { httpError } from './http-error.ts';
import type { AppEnv } from './types.ts';

/** Whether an IP address (v4, v6 or v4-mapped v6) is a loopback address. */
export function isLoopbackAddress(address: string): boolean {
  const bare = address.startsWith('[') && address.endsWith(']') ? address.slice(1, -1) : address;
  const lower = bare.toLowerCase();
  if (isIP(lower) === 4) return lower.startsWith('127.');
  if (isIP(lower) !== 6) return false;
  if (lower === '::1' || lower === '0:0:0:0:0:0:0:1') return true;
  const mapped = /^(?:0{0,4}:){0,5}:?ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(lower)?.[1];
  return mapped !== undefined && mapped.startsWith('127.');
}

/** A host name a browser only ever resolves to this machine. */
export function isLoopbackHost(hostname: string): boolean {
  const name = hostname.toLowerCase().replace(/\.$/, '');
  return name === 'localhost' || name.endsWith('.localhost') || isLoopbackAddress(name);
}

/** The addresses proxies on the way listed for this request (empty when none relayed it). */
function forwardedAddresses(c: Context<AppEnv>): string[] {
  const addresses: string[] = [];
  for (const header of ['x-forwarded-for', 'x-real-ip']) {
    const value = c.req.header(header);
    if (value !== undefined) addresses.push(...value.split(',').map((part) => part.trim()));
  }
  const forwarded = c.req.header('forwarded');
  if (forwarded !== undefined) {
    // RFC 7239: `for=192.0.2.60;proto=http, for="[2001:db8::1]:4711"`; an unknown or
    // obfuscated `for` is not a loopback address, so it counts against the request.
    for (const match of forwarded.matchAll(/for=("?)([^;,"]*)\1/gi)) {
      const value = match[2] ?? '';
      addresses.push(value.startsWith('[') ? value.slice(0, value.indexOf(']') + 1) : value.replace(/:\d+$/, ''));
    }
    if (!/for=/i.test(forwarded)) addresses.push('unknown');
  }
  return addresses;
}

/** Whether the request was made on this machine, by the rules above. */
export function isLocalRequest(c: Context<AppEnv>): boolean {
  const peer = c.env?.incoming?.socket?.remoteAddress;
  if (peer === undefined || !isLoopbackAddress(peer)) return false;
  if (!forwardedAddresses(c).every(isLoopbackAddress)) return false;
  return isLoopbackHost(new URL(c.req.url).hostname);
}

/** Answers 403 to any request that is not local (see isLocalRequest). */
export function localOnly(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    if (!isLocalRequest(c)) throw httpError(403, 'localOnly');
    await next();
  };
}
