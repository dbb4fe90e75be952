/** Account rules: how an account is described to the API, its role, and editing or deleting it. */
import type { User } from '../../src/contract/auth.schema.ts';
import { PLAN_IDS, type PlanId } from '../../src/contract/plans.ts';
import type { Language } from '../db/schema.ts';
import { authError } from './errors.ts';
import type { UsersRepository, UserWithCredits } from './users-repository.ts';

const KNOWN_PLANS: ReadonlySet<string> = new Set(PLAN_IDS);

/** Credits every new account receives (docs/product-rules.md#credits-free-plan). */
export const SIGNUP_CREDITS = 5;
/** Idempotency key of the sign-up grant: at most one per account. */
export const SIGNUP_GRANT_KEY = 'signup-grant';

/**
 * Pictures are shown in <img> by the PWA: only web addresses, never `javascript:` or `data:`
 * (valibot's url() accepts any scheme).
 */
export const isWebUrl = (text: string): boolean => /^https?:\/\/[^\s]+$/i.test(text);

/** Trimmed and lower-cased: the one form emails are stored and compared in. */
export const normalizeEmail = (email: string): string => email.trim().toLowerCase();

/** Who asks, for the limits on password guesses (see the auth service's Caller). */
export interface CredentialCaller {
  address: string;
}

/**
 * Checks a password, or a one-time credential, against an account, counting wrong guesses (see
 * the auth service's confirmCredential). @throws CodedError 429 beyond the limits.
 */
export type CredentialCheck = (user: UserWithCredits, secret: string, caller: CredentialCaller) => Promise<boolean>;

export interface UsersService {
  /**
   * 'admin' when the account's email is in ADMIN_EMAILS AND the account is verified: an address
   * nobody proved to own is no admin (the guard and every answer use this one rule).
   */
  roleOf(user: Pick<UserWithCredits, 'email' | 'is_verified'>): User['role'];
  toApiUser(user: UserWithCredits): User;
  update(user: UserWithCredits, changes: { name?: string; profile_picture?: string | null; language?: Language }): Promise<User>;
  /** @throws CodedError 401 `checkCredentials` when the password (or one-time credential) is wrong. */
  delete(user: UserWithCredits, password: string, caller: CredentialCaller): Promise<void>;
}

export interface UsersServiceDeps {
  repository: UsersRepository;
  adminEmails: readonly string[];
  checkCredential: CredentialCheck;
  /**
   * Extra clean-up when an account goes (e.g. its brute-force counters). Its sessions and
   * one-time credentials go with the row (ON DELETE CASCADE), so every token of it stops working.
   */
  onDeleted?: (user: UserWithCredits) => Promise<void>;
  /**
   * Runs before the account is deleted (after the password check); what it returns runs once the
   * account is gone. For data outside the database that the rows point to (media files).
   */
  beforeDelete?: (user: UserWithCredits) => Promise<() => Promise<void>>;
}

export function createUsersService(deps: UsersServiceDeps): UsersService {
  const admins = new Set(deps.adminEmails.map(normalizeEmail));
  const roleOf = (user: Pick<UserWithCredits, 'email' | 'is_verified'>): User['role'] =>
    user.is_verified && admins.has(normalizeEmail(user.email)) ? 'admin' : 'user';
  const toApiUser = (user: UserWithCredits): User => ({
    id: user.id,
    name: user.name,
    email: user.email,
    profile_picture: user.profile_picture,
    language: user.language,
    role: roleOf(user),
    // A plan the catalogue no longer knows is described as what the gates treat it as: free
    // (server/billing/gates.ts; not imported, as billing builds on the auth area).
    plan: KNOWN_PLANS.has(user.plan) ? (user.plan as PlanId) : 'free',
    credits: user.credits,
    is_verified: user.is_verified,
    created_at: user.created_at.toISOString(),
    last_login_at: user.last_login_at?.toISOString() ?? null,
  });

  return {
    roleOf,
    toApiUser,
    async update(user, changes) {
      const set: { name?: string; profile_picture?: string | null; language?: Language } = {};
      if (changes.name !== undefined) set.name = changes.name;
      if (changes.profile_picture !== undefined) {
        if (changes.profile_picture !== null && !isWebUrl(changes.profile_picture)) {
          throw authError(422, 'invalidPictureAddress');
        }
        set.profile_picture = changes.profile_picture;
      }
      if (changes.language !== undefined) set.language = changes.language;
      const updated = await deps.repository.update(user.id, set);
      if (!updated) throw authError(401, 'sessionExpired');
      return toApiUser(updated);
    },
    async delete(user, password, caller) {
      if (!(await deps.checkCredential(user, password, caller))) throw authError(401, 'checkCredentials');
      const afterDelete = await deps.beforeDelete?.(user);
      await deps.repository.delete(user.id);
      await deps.onDeleted?.(user);
      await afterDelete?.();
    },
  };
}
