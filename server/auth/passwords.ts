/**
 * Password hashing: argon2id (the library's default algorithm) with its default cost
 * (19 MiB, 2 passes, 1 lane: OWASP's recommended minimum), stored as a PHC string.
 */
import { hash, verify } from '@node-rs/argon2';

export function hashPassword(password: string): Promise<string> {
  return hash(password);
}

/** True when `password` matches `passwordHash`; false for a mismatch or a malformed hash. */
export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

let dummyHash: Promise<string> | undefined;

/**
 * Spends the time of one real verification and answers false: used when there is no account or
 * no password, so a wrong email and a wrong password take as long as each other.
 */
export async function verifyAgainstNothing(password: string): Promise<false> {
  dummyHash ??= hash('not a password anybody has');
  await verifyPassword(await dummyHash, password);
  return false;
}
