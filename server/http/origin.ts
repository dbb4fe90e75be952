/**
 * The origin a person reached this server at, for the links we hand back to them: where a payment
 * returns, the hosted sandbox page, the links of the mails a request sends (password reset, receipt,
 * newsletter confirmation) and the /v1 API's asset links (docs/product-rules.md#public-origin).
 *
 * With PUBLIC_URL set, it is always PUBLIC_URL. Without it, it is the origin of the request when
 * its Host names this server as the server answers to it: a loopback name or address (localhost,
 * 127.0.0.1, [::1]), the address or name HOST binds, or, when HOST is a wildcard (0.0.0.0, ::),
 * an address of one of this machine's interfaces (a tablet on the shop's network reaches
 * http://192.168.1.20:8080), on the port the server listens on. Anything else (a name a proxy or
 * an attacker put in Host) gets the default, http://localhost:PORT: a password-reset link must
 * never point at a host the request chose.
 *
 * A seller who opened http://127.0.0.1:8080 and paid came back to http://localhost:8080, another
 * origin where the browser holds no session, and read "Vui lòng đăng nhập"; now they come back
 * where they left.
 */
import { networkInterfaces } from 'node:os';
import type { Context, MiddlewareHandler } from 'hono';
import { isLoopbackHost } from './local-only.ts';
import type { AppEnv } from './types.ts';

export interface OriginSettings {
  /** PUBLIC_URL, or its default when unset. */
  publicUrl: string;
  /** Whether PUBLIC_URL was set: then every link uses it. */
  publicUrlSet: boolean;
  /** HOST: the address or name the server binds. */
  host: string;
  /** PORT (0: any port, as in tests that pick a free one). */
  port: number;
}

const WILDCARD_HOSTS = new Set(['0.0.0.0', '::', '[::]']);

/** `[::1]` and `::1` alike, lower case. */
const bare = (hostname: string): string => hostname.toLowerCase().replace(/^\[(.*)\]$/, '$1');

/** The host names and addresses, besides loopback, that this server answers to by its HOST. */
function answeredHosts(host: string): Set<string> {
  if (!WILDCARD_HOSTS.has(host)) return new Set([bare(host)]);
  const names = new Set<string>();
  for (const list of Object.values(networkInterfaces())) {
    for (const entry of list ?? []) names.add(bare(entry.address));
  }
  return names;
}

/** Host header → hostname and port (80 when none is given), or null when it is not one. */
function parseHost(header: string): { hostname: string; port: number } | null {
  try {
    const url = new URL(`http://${header}`);
    if (url.username || url.password || url.pathname !== '/' || url.search || url.hash) return null;
    return { hostname: url.hostname, port: url.port === '' ? 80 : Number(url.port) };
  } catch {
    return null;
  }
}

/** Resolves the origin of a request's Host header, per the rules above. */
export function createOriginResolver(settings: OriginSettings): (hostHeader: string | undefined) => string {
  const fallback = settings.publicUrl;
  if (settings.publicUrlSet) return () => fallback;
  const hosts = answeredHosts(settings.host);
  return (hostHeader) => {
    const parsed = hostHeader === undefined ? null : parseHost(hostHeader.trim());
    if (!parsed) return fallback;
    if (settings.port !== 0 && parsed.port !== settings.port) return fallback;
    const name = bare(parsed.hostname);
    if (!isLoopbackHost(name) && !hosts.has(name)) return fallback;
    const shown = name.includes(':') ? `[${name}]` : name;
    return `http://${shown}${parsed.port === 80 ? '' : `:${parsed.port}`}`;
  };
}

/**
 * Gives every request the resolver (read through `originOf`): the Host is parsed only by the few
 * routes that hand links back, not on every request.
 */
export function requestOrigin(settings: OriginSettings): MiddlewareHandler<AppEnv> {
  const resolve = createOriginResolver(settings);
  return async (c, next) => {
    c.set('resolveOrigin', resolve);
    await next();
  };
}

/** The origin the request reached this server at (rules above), or undefined for a router used without the app. */
export function originOf<E extends AppEnv>(c: Context<E>): string | undefined {
  return c.get('resolveOrigin')?.(c.req.header('host'));
}
