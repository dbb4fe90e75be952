import { describe, expect, it } from 'vitest';
import { TOKEN_LENGTH, TOKEN_PATTERN } from '../../src/contract/tokens.ts';
import { displayPrefix, generateToken, hashToken, isWellFormedToken, tokenChecksum } from './format.ts';

describe('token format', () => {
  it('makes tokens of the documented shape whose checksum verifies', () => {
    const tokens = new Set<string>();
    for (let index = 0; index < 200; index += 1) {
      const token = generateToken();
      expect(token).toMatch(TOKEN_PATTERN);
      expect(token).toHaveLength(TOKEN_LENGTH);
      expect(isWellFormedToken(token)).toBe(true);
      tokens.add(token);
    }
    expect(tokens.size).toBe(200);
  });

  it('refuses a token with one character changed anywhere', () => {
    const token = generateToken();
    for (let index = 'atl_live_'.length; index < token.length; index += 1) {
      const original = token[index] ?? '';
      const replacement = original === 'a' ? 'b' : 'a';
      const typo = token.slice(0, index) + replacement + token.slice(index + 1);
      expect(isWellFormedToken(typo), `position ${index}`).toBe(false);
    }
  });

  it('refuses other shapes', () => {
    const token = generateToken();
    for (const bad of ['', 'atl_live_', token.slice(0, -1), `${token}0`, token.replace('atl_live_', 'atl_test_'), `${token.slice(0, -1)}-`]) {
      expect(isWellFormedToken(bad)).toBe(false);
    }
  });

  it('pads the checksum and keeps only a hash and a short prefix', () => {
    expect(tokenChecksum('')).toBe('000000');
    const token = generateToken();
    expect(hashToken(token)).toMatch(/^[0-9a-f]{64}$/);
    expect(displayPrefix(token)).toBe(token.slice(0, 13));
  });
});
