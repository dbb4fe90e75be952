/**
 * Secrets of signing in: random values, their keyed hashes, and the instance's signing key.
 *
 * One-time secrets (verification codes, reset tokens, temporary passwords) are stored as
 * HMAC-SHA256 under a pepper derived from the signing key, never in clear: a leaked table row
 * gives neither the secret nor, for a 6-digit code, a way to brute-force it offline without the
 * key (which lives in the environment or in `$DATA_DIR/jwt-secret`, not in the database).
 */
import { createHmac, randomBytes, randomInt } from 'node:crypto';
import { mkdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Logger } from '../logger.ts';

/** Bytes of randomness in reset tokens, temporary passwords and a generated signing key. */
export const RANDOM_SECRET_BYTES = 32;
/** Name of the generated signing key inside DATA_DIR. */
export const JWT_SECRET_FILE = 'jwt-secret';
/** Owner read/write only. */
const SECRET_FILE_MODE = 0o600;
/** Permission bits that let anybody but the owner read or write the file. */
const GROUP_OTHER_BITS = 0o077;

/** A fresh random secret, base64url (43 characters for 32 bytes). */
export function randomSecret(): string {
  return randomBytes(RANDOM_SECRET_BYTES).toString('base64url');
}

/** Smallest and largest verification codes: 6 digits, never a leading zero (the code travels as an integer). */
const OTP_LOWEST = 100_000;
const OTP_HIGHEST = 999_999;

/** A 6-digit verification code from the OS's CSPRNG. */
export function randomOtp(): string {
  return String(randomInt(OTP_LOWEST, OTP_HIGHEST + 1));
}

export type SecretHasher = (secret: string) => string;

/** The keyed hash stored in place of a one-time secret (hex HMAC-SHA256). */
export function createSecretHasher(signingKey: string): SecretHasher {
  // A key of its own, so a stored hash never doubles as anything signed with the JWT key.
  const pepper = createHmac('sha256', signingKey).update('atelier/one-time-secrets/v1').digest();
  return (secret) => createHmac('sha256', pepper).update(secret).digest('hex');
}

export interface SigningKey {
  secret: string;
  /** Where it came from: JWT_SECRET, the file of an earlier start, or generated just now. */
  source: 'environment' | 'file' | 'generated';
}

/**
 * JWT_SECRET when set; otherwise the key in `$DATA_DIR/jwt-secret`, generated (32 random bytes,
 * base64url, mode 0600) on the first start and reused after, so tokens survive restarts.
 * Several processes sharing one DATA_DIR agree on it (the file is created exclusively); hosts
 * that share only the database must set JWT_SECRET.
 */
export async function loadSigningKey(options: { jwtSecret: string | null; dataDir: string; logger: Logger }): Promise<SigningKey> {
  if (options.jwtSecret) return { secret: options.jwtSecret, source: 'environment' };
  const file = path.join(options.dataDir, JWT_SECRET_FILE);
  const existing = await readKeyFile(file, options.logger);
  if (existing) return { secret: existing, source: 'file' };

  await mkdir(options.dataDir, { recursive: true });
  const secret = randomSecret();
  try {
    await writeFile(file, `${secret}\n`, { mode: SECRET_FILE_MODE, flag: 'wx' });
  } catch (error) {
    // Another process sharing DATA_DIR wrote it first: use that one.
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') {
      const written = await readKeyFile(file, options.logger);
      if (written) return { secret: written, source: 'file' };
    }
    throw error;
  }
  options.logger.info({ file }, 'generated a signing key for access tokens (set JWT_SECRET to choose one)');
  return { secret, source: 'generated' };
}

async function readKeyFile(file: string, logger: Logger): Promise<string | null> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
  const secret = text.trim();
  if (secret === '') throw new Error(`${file} is empty: delete it to generate a new signing key, or set JWT_SECRET.`);
  if (((await stat(file)).mode & GROUP_OTHER_BITS) !== 0) {
    logger.warn({ file }, 'the signing key file is readable by other users: chmod 600 it');
  }
  return secret;
}
