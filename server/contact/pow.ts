/**
 * The contact form's proof of work, self-hosted (docs/product-rules.md#contact): no third party
 * sees the visitor. The server hands out a challenge it signs (salt, difficulty, expiry); the
 * page finds a nonce whose SHA-256 of `{salt}:{nonce}` starts with `difficulty` zero bits; the
 * server checks the signature, the expiry and the hash, and the repository makes each challenge
 * work once. Cheap for one person writing one message, costly for a script sending thousands.
 *
 * The challenge is `{salt}.{difficulty}.{expires ms}.{signature}`, the signature an HMAC-SHA256
 * (base64url) under a key derived from the server's signing key with a purpose label, so it can
 * never pass as a token's or a media link's signature.
 */
import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { CONTACT_NONCE_MAX_DIGITS } from '../../src/contract/contact.ts';
import { leadingZeroBits } from '../../src/contract/contact-checks.ts';
import type { ContactChallenge } from '../../src/contract/contact.schema.ts';

/** Label of the key derivation (changing it invalidates every challenge handed out). */
const KEY_LABEL = 'atelier:contact-pow:v1';
/** Random bytes of a salt: 128 bits, never repeated. */
const SALT_BYTES = 16;

/**
 * Leading zero bits a solution needs: 2^18 ≈ 262,000 hashes on average. The page's solver
 * (src/features/site/pages/contact/sha256.ts, in 12 ms slices) ran 323,000 hashes a second in
 * headless Chromium on this project's 2-core machine while it was busy with other work, so a
 * visitor waits 0.8 s on average (half of them under 0.6 s, four in five under 1.3 s), spent
 * while they type; a script pays the same for every message it sends.
 */
export const POW_DIFFICULTY_BITS = 18;
/**
 * How long a challenge works, in ms: 30 minutes, time to write a long message after the first
 * focus fetched it (the page fetches a new one when it is about to expire).
 */
export const POW_CHALLENGE_TTL_MS = 30 * 60 * 1000;

export type PowProblem = 'challengeMissing' | 'challengeInvalid' | 'challengeExpired';

export interface VerifiedChallenge {
  salt: string;
  expiresAt: Date;
}

export interface ProofOfWork {
  issue(nowMs: number): ContactChallenge;
  /**
   * Checks a solution (not yet whether it was used before: the repository's job).
   * @returns the challenge's salt and expiry, or the problem's message key
   */
  verify(challenge: string, nonce: string, nowMs: number): VerifiedChallenge | PowProblem;
}

const CHALLENGE = /^([A-Za-z0-9_-]{22})\.(\d{1,2})\.(\d{1,15})\.([A-Za-z0-9_-]{43})$/;
const NONCE = new RegExp(`^\\d{1,${CONTACT_NONCE_MAX_DIGITS}}$`);

export function createProofOfWork(signingKey: string, difficulty: number = POW_DIFFICULTY_BITS, ttlMs: number = POW_CHALLENGE_TTL_MS): ProofOfWork {
  const key = createHmac('sha256', signingKey).update(KEY_LABEL).digest();
  const sign = (payload: string) => createHmac('sha256', key).update(payload).digest('base64url');
  return {
    issue(nowMs) {
      const salt = randomBytes(SALT_BYTES).toString('base64url');
      const expires = nowMs + ttlMs;
      const payload = `${salt}.${difficulty}.${expires}`;
      return { challenge: `${payload}.${sign(payload)}`, salt, difficulty, expires_at: new Date(expires).toISOString() };
    },
    verify(challenge, nonce, nowMs) {
      if (challenge === '' || nonce === '') return 'challengeMissing';
      const parts = CHALLENGE.exec(challenge);
      if (!parts || !NONCE.test(nonce)) return 'challengeInvalid';
      const [, salt = '', bits = '', expires = ''] = parts;
      const expected = Buffer.from(sign(`${salt}.${bits}.${expires}`));
      const given = Buffer.from(parts[4] ?? '');
      if (expected.length !== given.length || !timingSafeEqual(expected, given)) return 'challengeInvalid';
      // A challenge handed out before the difficulty was raised is not enough any more.
      if (Number(bits) < difficulty) return 'challengeInvalid';
      if (Number(expires) <= nowMs) return 'challengeExpired';
      const digest = createHash('sha256').update(`${salt}:${nonce}`).digest();
      if (leadingZeroBits(digest) < Number(bits)) return 'challengeInvalid';
      return { salt, expiresAt: new Date(Number(expires)) };
    },
  };
}

/** Finds a nonce for a challenge (tests, and scripts that check the server): what the page does, in one go. */
export function solveChallenge(salt: string, difficulty: number): string {
  for (let nonce = 0; ; nonce++) {
    if (leadingZeroBits(createHash('sha256').update(`${salt}:${nonce}`).digest()) >= difficulty) return String(nonce);
  }
}
