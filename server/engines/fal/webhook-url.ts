/**
 * The address fal calls back when a request ends: this server's public URL plus the webhook path,
 * or none when fal, out on the internet, could not reach that host (the engine then polls).
 */
import { isIP } from 'node:net';

export const FAL_WEBHOOK_PATH = '/api/engines/fal/webhook';

/** Whether fal, out on the internet, could reach this host: not loopback, private or link-local. */
export function isReachableHost(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, '').toLowerCase();
  if (host === 'localhost' || host.endsWith('.localhost') || host.endsWith('.local') || host.endsWith('.internal')) return false;
  const version = isIP(host);
  if (version === 4) {
    const [a = 0, b = 0] = host.split('.').map(Number);
    return !(
      a === 0 ||
      a === 10 ||
      a === 127 ||
      (a === 169 && b === 254) ||
      (a === 172 && b >= 16 && b <= 31) ||
      (a === 192 && b === 168) ||
      (a === 100 && b >= 64 && b <= 127)
    );
  }
  if (version === 6) {
    return !(host === '::' || host === '::1' || /^f[cd]/.test(host) || /^fe[89ab]/.test(host) || host.startsWith('::ffff:'));
  }
  return true;
}

export function webhookUrlFor(publicUrl: string): string | null {
  let url: URL;
  try {
    url = new URL(publicUrl);
  } catch {
    return null;
  }
  if (!isReachableHost(url.hostname)) return null;
  return `${publicUrl.replace(/\/+$/, '')}${FAL_WEBHOOK_PATH}`;
}
