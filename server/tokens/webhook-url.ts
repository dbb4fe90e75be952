/**
 * Where a webhook may go (docs/product-rules.md#api-webhooks). In production: https only, no
 * credentials in the URL, and no loopback, private, link-local or otherwise non-public address —
 * checked on the URL when it is saved and again on every address the host name resolves to when
 * a message is sent (a name can be re-pointed at an internal address after it was saved). Outside
 * production (NODE_ENV development or test) plain http and local receivers are allowed, so a
 * developer can point webhooks at their own machine.
 */
import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';

export interface WebhookUrlPolicy {
  /** NODE_ENV is not production: http and loopback or private addresses are allowed. */
  allowLocal: boolean;
}

/** IPv4 ranges that are not the public internet (RFC 6890 and friends), as [first octets, prefix bits]. */
const PRIVATE_V4: ReadonlyArray<readonly [number, number, number, number, number]> = [
  [0, 0, 0, 0, 8], // "this network"
  [10, 0, 0, 0, 8],
  [100, 64, 0, 0, 10], // carrier-grade NAT
  [127, 0, 0, 0, 8], // loopback
  [169, 254, 0, 0, 16], // link-local (cloud metadata lives here)
  [172, 16, 0, 0, 12],
  [192, 0, 0, 0, 24], // IETF protocol assignments
  [192, 0, 2, 0, 24], // documentation
  [192, 88, 99, 0, 24], // 6to4 relay
  [192, 168, 0, 0, 16],
  [198, 18, 0, 0, 15], // benchmarking
  [198, 51, 100, 0, 24], // documentation
  [203, 0, 113, 0, 24], // documentation
  [224, 0, 0, 0, 4], // multicast
  [240, 0, 0, 0, 4], // reserved, and broadcast
];

function v4ToNumber(ip: string): number {
  return ip.split('.').reduce((sum, part) => sum * 256 + Number(part), 0);
}

function isPrivateV4(ip: string): boolean {
  const value = v4ToNumber(ip);
  return PRIVATE_V4.some(([a, b, c, d, bits]) => {
    const base = v4ToNumber(`${a}.${b}.${c}.${d}`);
    const size = 2 ** (32 - bits);
    return value >= base && value < base + size;
  });
}

/** The 8 groups of an IPv6 address as numbers (handles `::` and an embedded IPv4 tail). */
function v6Groups(ip: string): number[] {
  let text = ip.toLowerCase().split('%')[0] ?? '';
  const v4Tail = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (v4Tail?.[1]) {
    const value = v4ToNumber(v4Tail[1]);
    text = `${text.slice(0, -v4Tail[1].length)}${(value >>> 16).toString(16)}:${(value & 0xffff).toString(16)}`;
  }
  const [head = '', tail] = text.split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const missing = tail === undefined ? 0 : 8 - left.length - right.length;
  return [...left, ...Array<string>(missing).fill('0'), ...right].map((group) => Number.parseInt(group || '0', 16));
}

function isPrivateV6(ip: string): boolean {
  const groups = v6Groups(ip);
  const [first = 0] = groups;
  if (groups.every((group) => group === 0)) return true; // ::
  if (groups.slice(0, 7).every((group) => group === 0) && groups[7] === 1) return true; // ::1
  // IPv4-mapped (::ffff:a.b.c.d) and IPv4-compatible: judge the IPv4 address.
  if (groups.slice(0, 5).every((group) => group === 0) && (groups[5] === 0xffff || groups[5] === 0)) {
    const high = groups[6] ?? 0;
    const low = groups[7] ?? 0;
    return isPrivateV4(`${high >> 8}.${high & 0xff}.${low >> 8}.${low & 0xff}`);
  }
  if ((first & 0xfe00) === 0xfc00) return true; // fc00::/7 unique local
  if ((first & 0xffc0) === 0xfe80) return true; // fe80::/10 link-local
  if ((first & 0xff00) === 0xff00) return true; // multicast
  if (first === 0x2001 && groups[1] === 0x0db8) return true; // documentation
  if (first === 0x0064 && groups[1] === 0xff9b) return true; // NAT64 (would reach IPv4 inside)
  return false;
}

/** True for any address that is not on the public internet. */
export function isPrivateAddress(ip: string): boolean {
  const family = isIP(ip);
  if (family === 4) return isPrivateV4(ip);
  if (family === 6) return isPrivateV6(ip);
  return true;
}

/** The URL's host without IPv6 brackets. */
function hostOf(url: URL): string {
  return url.hostname.replace(/^\[(.*)\]$/, '$1');
}

/**
 * True when a webhook may be saved with this URL. Names that only resolve inside a network
 * (`localhost`, `*.local`, `*.internal`) count as private.
 */
export function isAllowedWebhookUrl(raw: string, policy: WebhookUrlPolicy): boolean {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return false;
  }
  if (url.username || url.password) return false;
  if (url.protocol === 'https:') {
    // fine
  } else if (url.protocol !== 'http:' || !policy.allowLocal) {
    return false;
  }
  if (policy.allowLocal) return true;
  const host = hostOf(url).toLowerCase();
  if (isIP(host)) return !isPrivateAddress(host);
  if (host === 'localhost' || host.endsWith('.localhost') || host.endsWith('.local') || host.endsWith('.internal') || !host.includes('.')) return false;
  return true;
}

export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}

/**
 * Resolves `host` for a delivery: every address it has must be public in production, and the
 * connection then goes only to these (so a second lookup cannot swap in another). All of them are
 * answered, in the resolver's order, so a dual-stack host whose first address is unreachable is
 * still reached on another (the connection tries them in turn).
 * @throws Error when the host does not resolve or resolves to a private address
 */
export async function resolveWebhookHost(host: string, policy: WebhookUrlPolicy): Promise<ResolvedAddress[]> {
  const bare = host.replace(/^\[(.*)\]$/, '$1');
  const literal = isIP(bare);
  const addresses = literal ? [{ address: bare, family: literal }] : await lookup(bare, { all: true, verbatim: true });
  if (addresses.length === 0) throw new Error(`${host} does not resolve`);
  if (!policy.allowLocal && addresses.some((entry) => isPrivateAddress(entry.address))) {
    throw new Error(`${host} resolves to a private address`);
  }
  return addresses.map((entry) => ({ address: entry.address, family: entry.family === 6 ? 6 : 4 }));
}
