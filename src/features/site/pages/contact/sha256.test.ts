import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { leadingZeroBits } from '../../../../contract/contact-checks.ts';
import { ONE_BLOCK_MAX_BYTES, sha256Words, zeroBits } from './sha256.ts';

const hex = (words: Uint32Array) => [...words].map((word) => word.toString(16).padStart(8, '0')).join('');

describe('sha256Words', () => {
  it('matches SHA-256 for every length one block holds, and the challenge shape', () => {
    const texts = [
      '',
      'abc',
      ...Array.from({ length: ONE_BLOCK_MAX_BYTES + 1 }, (_, length) => 'x'.repeat(length)),
      'Q2h4LWRlbW8tc2FsdC0xMjM:9007199254740991',
    ];
    for (const text of texts) expect(hex(sha256Words(text)), JSON.stringify(text)).toBe(createHash('sha256').update(text).digest('hex'));
  });

  it('refuses a text longer than one block', () => {
    expect(() => sha256Words('x'.repeat(ONE_BLOCK_MAX_BYTES + 1))).toThrow(RangeError);
  });

  it('counts leading zero bits like the server does', () => {
    for (let nonce = 0; nonce < 2_000; nonce++) {
      const text = `salt:${nonce}`;
      expect(zeroBits(sha256Words(text))).toBe(leadingZeroBits(createHash('sha256').update(text).digest()));
    }
  });
});
