/**
 * What the providers' adapters share: the plain text banks and gateways accept, and the
 * constant-time comparison of signatures.
 */
import { timingSafeEqual } from 'node:crypto';

/** Vietnamese without diacritics (đ → d), letters, digits and single spaces only, as bank transfers and VNPay carry it. */
export function plainText(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/đ/g, 'd')
    .replace(/Đ/g, 'D')
    .replace(/[^A-Za-z0-9 ]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/** Constant-time comparison of two hex signatures, case-insensitive (different lengths never match). */
export function sameHex(expected: string, received: string): boolean {
  const a = Buffer.from(expected.toLowerCase(), 'utf8');
  const b = Buffer.from(received.toLowerCase(), 'utf8');
  return a.length === b.length && timingSafeEqual(a, b);
}
