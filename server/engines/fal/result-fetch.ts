/**
 * Fetching a result file whose URL came in fal's result payload, without letting that URL reach
 * into the server's own network (SSRF): the payload is someone else's word, and the server sits
 * next to its database, its metadata service (169.254.169.254) and its admin ports.
 *
 * - The host is resolved once; every address it resolves to must be public (not private,
 *   loopback, link-local, unique-local, multicast, unspecified, shared or reserved, IPv4 or IPv6,
 *   v4-mapped included), and the connection goes to the address that was checked (the socket's
 *   lookup answers it), so a second resolution cannot swap it (no TOCTOU).
 * - Redirects are followed by hand, at most MAX_REDIRECTS, each hop checked the same way.
 * - The one exception is FAL_QUEUE_URL's own origin (scheme, host and port), the operator's
 *   choice, which may be private (a local fake in tests, a proxy in front of fal).
 */
import { lookup as dnsLookup } from 'node:dns/promises';
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { BlockList, isIP, type LookupFunction } from 'node:net';
import { EngineError } from '../types.ts';

/** Redirects one result download may follow (CDNs redirect once, sometimes twice). */
export const MAX_REDIRECTS = 3;

export interface ResultFetchPolicy {
  /** The origin allowed even on a private address: FAL_QUEUE_URL's. */
  trustedOrigin: string;
}

/**
 * Addresses no result file may come from (IANA special-purpose registries), one list per family:
 * a BlockList also checks IPv4 addresses against its IPv6 rules, as v4-mapped ones.
 */
const NOT_PUBLIC_V4 = new BlockList();
const NOT_PUBLIC_V6 = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8], // "this network", unspecified
  ['10.0.0.0', 8], // private
  ['100.64.0.0', 10], // shared (carrier-grade NAT)
  ['127.0.0.0', 8], // loopback
  ['169.254.0.0', 16], // link-local (cloud metadata)
  ['172.16.0.0', 12], // private
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.0.2.0', 24], // documentation
  ['192.88.99.0', 24], // 6to4 relay
  ['192.168.0.0', 16], // private
  ['198.18.0.0', 15], // benchmarking
  ['198.51.100.0', 24], // documentation
  ['203.0.113.0', 24], // documentation
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, broadcast
] as const) {
  NOT_PUBLIC_V4.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  ['::', 128], // unspecified
  ['::1', 128], // loopback
  ['::ffff:0:0', 96], // v4-mapped: judged by the IPv4 address inside (below)
  ['64:ff9b::', 96], // NAT64: an IPv4 address inside, possibly a private one
  ['64:ff9b:1::', 48], // local-use NAT64
  ['100::', 64], // discard
  ['2001::', 23], // IETF protocol assignments (Teredo, ORCHID, …)
  ['2001:db8::', 32], // documentation
  ['2002::', 16], // 6to4: an IPv4 address inside
  ['fc00::', 7], // unique-local
  ['fe80::', 10], // link-local
  ['fec0::', 10], // site-local (deprecated)
  ['ff00::', 8], // multicast
] as const) {
  NOT_PUBLIC_V6.addSubnet(network, prefix, 'ipv6');
}

/** The IPv4 address of a v4-mapped IPv6 address (`::ffff:10.0.0.1` or `::ffff:a00:1`), else null. */
function mappedIpv4(address: string): string | null {
  const lower = address.toLowerCase();
  const dotted = /^(?:0{0,4}:){0,5}:?ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(lower)?.[1];
  if (dotted) return dotted;
  const hex = /^(?:0{0,4}:){0,5}:?ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(lower);
  if (!hex) return null;
  const high = Number.parseInt(hex[1] ?? '0', 16);
  const low = Number.parseInt(hex[2] ?? '0', 16);
  return [high >> 8, high & 0xff, low >> 8, low & 0xff].join('.');
}

/** Whether an IP address is on the public internet (see the list above). */
export function isPublicAddress(address: string): boolean {
  const bare = address.replace(/^\[|\]$/g, '');
  const version = isIP(bare);
  if (version === 4) return !NOT_PUBLIC_V4.check(bare, 'ipv4');
  if (version !== 6) return false;
  const inner = mappedIpv4(bare);
  if (inner !== null) return isPublicAddress(inner);
  return !NOT_PUBLIC_V6.check(bare, 'ipv6');
}

const refused = (url: URL, why: string): EngineError =>
  new EngineError('failedToProcess', { cause: new Error(`result URL refused (${why}): ${url.protocol}//${url.host}`) });

interface Target {
  address: string;
  family: 4 | 6;
}

/** Resolves the URL's host once and checks every address it has. */
async function resolveChecked(url: URL, trusted: boolean): Promise<Target> {
  const host = url.hostname.replace(/^\[|\]$/g, '');
  const literal = isIP(host);
  const addresses: Target[] = literal
    ? [{ address: host, family: literal as 4 | 6 }]
    : (
        await dnsLookup(host, { all: true, verbatim: true }).catch((error: unknown) => {
          // A name that does not resolve is the provider's broken link, not a network hiccup.
          throw new EngineError('missingResult', { cause: error });
        })
      ).map((entry) => ({ address: entry.address, family: entry.family as 4 | 6 }));
  const first = addresses[0];
  if (!first) throw new EngineError('missingResult', { cause: new Error(`${host} has no address`) });
  // Every address, not just the first: a name answering one public and one private address
  // must not get a second chance at the private one.
  if (!trusted && !addresses.every((entry) => isPublicAddress(entry.address))) throw refused(url, 'not a public address');
  return first;
}

/** A socket lookup that answers the checked address and nothing else. */
function pinnedLookup(target: Target): LookupFunction {
  return ((_hostname: string, options: { all?: boolean }, callback: (...args: unknown[]) => void) => {
    if (options?.all) callback(null, [{ address: target.address, family: target.family }]);
    else callback(null, target.address, target.family);
  }) as LookupFunction;
}

function get(url: URL, target: Target, signal: AbortSignal): Promise<IncomingMessage> {
  const request = url.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise((resolve, reject) => {
    const outgoing = request(url, { method: 'GET', lookup: pinnedLookup(target), signal, headers: { Accept: '*/*' } }, resolve);
    outgoing.once('error', reject);
    outgoing.end();
  });
}

const REDIRECTS = new Set([301, 302, 303, 307, 308]);

/**
 * GETs a result file: the final answer (not a redirect), whose body the caller reads or drops.
 * @throws EngineError failedToProcess for a refused address, scheme or too many redirects;
 *   missingResult for a host that does not resolve; network errors as they come (the caller
 *   decides they are transient).
 */
export async function fetchResultFile(url: URL, policy: ResultFetchPolicy, signal: AbortSignal): Promise<IncomingMessage> {
  let current = url;
  for (let hop = 0; ; hop += 1) {
    if (current.protocol !== 'https:' && current.protocol !== 'http:') throw refused(current, 'not http(s)');
    if (current.username || current.password) throw refused(current, 'credentials in the URL');
    const target = await resolveChecked(current, current.origin === policy.trustedOrigin);
    const response = await get(current, target, signal);
    const location = response.headers.location;
    if (!REDIRECTS.has(response.statusCode ?? 0) || location === undefined) return response;
    response.resume();
    if (hop >= MAX_REDIRECTS) throw refused(current, `more than ${MAX_REDIRECTS} redirects`);
    try {
      current = new URL(location, current);
    } catch (error) {
      throw new EngineError('missingResult', { cause: error });
    }
  }
}
