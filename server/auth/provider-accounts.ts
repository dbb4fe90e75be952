/**
 * Which account a sign-in with a provider (Firebase, Google) opens, creating or linking it.
 */
import { EmailTakenError, type UsersRepository, type UserWithCredits } from './users-repository.ts';
import { isWebUrl, normalizeEmail, SIGNUP_CREDITS, SIGNUP_GRANT_KEY } from './users-service.ts';
import { authError } from './errors.ts';
import type { VerifiedIdentity } from './identity.ts';

export interface ProviderAccountDeps {
  users: UsersRepository;
  /** Ends every session and one-time credential of the account; answers how many sessions ended. */
  revokeAccess(userId: string): Promise<number>;
  /** ms since the epoch. */
  now: () => number;
}

/** The part of an email before the @: the name of last resort (docs/product-rules.md#user-display). */
const localPart = (email: string): string => email.split('@')[0] ?? email;

/**
 * The account a provider-verified identity signs in to: the one linked to the Firebase uid, else
 * the one with that email (linked now), else a new one. Only an email the provider verified
 * signs in at all: an unverified one would let anybody create a provider account with somebody
 * else's address and claim their account, their admin role, or the address before they sign up.
 */
export async function accountFor(
  deps: ProviderAccountDeps,
  identity: VerifiedIdentity & { email: string },
  options: { firebaseUid: string | null; displayName: string | null; photoUrl: string | null },
): Promise<{ user: UserWithCredits; isNew: boolean }> {
  const { users } = deps;
  if (!identity.emailVerified) throw authError(403, 'identityUnverified');
  if (options.firebaseUid) {
    const linked = await users.findByFirebaseUid(options.firebaseUid);
    if (linked) return { user: linked, isNew: false };
  }
  const email = normalizeEmail(identity.email);
  const existing = await users.findByEmail(email);
  if (existing) {
    const changes: { firebase_uid?: string; is_verified?: boolean; password_hash?: null } = { is_verified: true };
    if (options.firebaseUid && !existing.firebase_uid) changes.firebase_uid = options.firebaseUid;
    if (!existing.is_verified) {
      // Whoever registered this unverified account never proved the mailbox: their password
      // (and anything it opened) must not become a way into the verified owner's account.
      changes.password_hash = null;
      await deps.revokeAccess(existing.id);
    }
    return { user: (await users.update(existing.id, changes)) ?? existing, isNew: false };
  }
  const name = options.displayName?.trim() || identity.name?.trim() || localPart(email);
  try {
    const created = await users.create(
      {
        email,
        name,
        passwordHash: null,
        profilePicture: [options.photoUrl, identity.picture].find((url): url is string => typeof url === 'string' && isWebUrl(url)) ?? null,
        language: 'vi',
        isVerified: identity.emailVerified,
        firebaseUid: options.firebaseUid,
        createdAt: new Date(deps.now()),
      },
      [{ kind: 'grant', amount: SIGNUP_CREDITS, reason: 'Free plan sign-up credits', idempotencyKey: SIGNUP_GRANT_KEY, bucket: { source: 'signup' } }],
    );
    return { user: created, isNew: true };
  } catch (error) {
    // Two first sign-ins raced: the other one created it.
    if (!(error instanceof EmailTakenError)) throw error;
    const raced = (options.firebaseUid && (await users.findByFirebaseUid(options.firebaseUid))) || (await users.findByEmail(email));
    if (!raced) throw error;
    return { user: raced, isNew: false };
  }
}
