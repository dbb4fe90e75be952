/**
 * The token format (docs/product-rules.md#api-tokens), like GitHub's: `atl_live_`, 43 random base62
 * characters (≈256 bits), then a 6-character base62 CRC-32 of everything before it. The checksum
 * lets a mistyped or made-up token be refused before any database lookup, and lets a secret
 * scanner recognise a leaked one offline. Only the SHA-256 of a token is stored.
 */
import { createHash, randomInt } from 'node:crypto';
import { crc32 } from 'node:zlib';
import { TOKEN_BODY_LENGTH, TOKEN_CHECKSUM_LENGTH, TOKEN_DISPLAY_LENGTH, TOKEN_PATTERN } from '../../src/contract/tokens.ts';
import { TOKEN_PREFIX } from '../../src/contract/token-terms.ts';

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

/** `value` in base62, left-padded with '0' to `width` characters. */
function base62(value: number, width: number): string {
  let out = '';
  let rest = value;
  while (rest > 0) {
    out = BASE62[rest % 62] + out;
    rest = Math.floor(rest / 62);
  }
  return out.padStart(width, '0');
}

/** The checksum of a token's prefix and body. */
export function tokenChecksum(prefixAndBody: string): string {
  return base62(crc32(Buffer.from(prefixAndBody, 'utf8')), TOKEN_CHECKSUM_LENGTH);
}

/** A new token. Each body character is drawn uniformly (randomInt rejects biased draws). */
export function generateToken(): string {
  let body = '';
  for (let index = 0; index < TOKEN_BODY_LENGTH; index += 1) body += BASE62[randomInt(62)];
  const head = TOKEN_PREFIX + body;
  return head + tokenChecksum(head);
}

/** True when `token` has the format and its checksum matches: checked before any lookup. */
export function isWellFormedToken(token: string): boolean {
  if (!TOKEN_PATTERN.test(token)) return false;
  const split = token.length - TOKEN_CHECKSUM_LENGTH;
  return tokenChecksum(token.slice(0, split)) === token.slice(split);
}

/** What the database keeps to find a token: its SHA-256, hex. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

/** What the database keeps to show a token: its first characters. */
export function displayPrefix(token: string): string {
  return token.slice(0, TOKEN_DISPLAY_LENGTH);
}
