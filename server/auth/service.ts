/**
 * Sign-in rules (docs/product-rules.md#auth-flow, #form-rules, #auth-api, #messages-auth): registration, login, email verification codes, password
 * reset, and sign-in through Firebase or a Google authorization code.
 *
 * Every time comes from `now()` (ms since the epoch), so expiry can be tested by moving the
 * clock. Secrets are stored as keyed hashes only (see secrets.ts); passwords as argon2id.
 */
import { AUTH_MESSAGES, AUTH_SUCCESS_MESSAGES, type IdentityLoginResponse, type LoginResponse, type RegisterResponse } from '../../src/contract/auth.schema.ts';
import type { Language } from '../db/schema.ts';
import type { Logger } from '../logger.ts';
import type { Mailer } from '../mail/mailer.ts';
import { accountFor } from './provider-accounts.ts';
import { EmailTakenError, type UsersRepository, type UserWithCredits } from './users-repository.ts';
import { normalizeEmail, SIGNUP_CREDITS, SIGNUP_GRANT_KEY, type UsersService } from './users-service.ts';
import type { BackgroundTasks } from '../platform/background.ts';
import { authError } from './errors.ts';
import type { FirebaseVerifier, GoogleExchange } from './identity.ts';
import { hashPassword, verifyAgainstNothing, verifyPassword } from './passwords.ts';
import {
  DELETE_FAILURES_PER_ACCOUNT,
  DELETE_FAILURES_PER_ADDRESS,
  LOGIN_FAILURES_PER_ACCOUNT,
  LOGIN_FAILURES_PER_ADDRESS,
  LOGIN_FAILURES_PER_PAIR,
  MAILS_PER_ACCOUNT,
  MAILS_PER_ADDRESS,
  MAILS_PER_PAIR,
  OTP_FAILURES_PER_ACCOUNT,
  OTP_FAILURES_PER_ADDRESS,
  OTP_FAILURES_PER_PAIR,
  REGISTRATIONS_PER_ACCOUNT,
  REGISTRATIONS_PER_ADDRESS,
  REGISTRATIONS_PER_ADDRESS_DAILY,
  RESET_FAILURES_PER_ACCOUNT,
  RESET_FAILURES_PER_ADDRESS,
  RESET_FAILURES_PER_PAIR,
} from './rate-limit.ts';
import { pairKey, type RateLimiter, type RateLimitRule } from '../platform/rate-limit.ts';
import type { AuthRepository } from './repository.ts';
import { randomOtp, randomSecret, type SecretHasher } from '../platform/secrets.ts';
import { startSessionToken, type SessionsRepository } from './sessions.ts';
import type { AccessTokens } from './tokens.ts';

const MINUTE_MS = 60_000;
/** A verification code works for 10 minutes. */
export const OTP_TTL_MINUTES = 10;
/** Wrong guesses one code survives; after the fifth, a new code is needed. */
export const OTP_MAX_FAILURES = 5;
/** A password-reset link works for 30 minutes. */
export const RESET_TTL_MINUTES = 30;
/** Temporary credentials after a Google sign-in work for 1 hour (docs/product-rules.md#google-sign-in). */
export const TEMPORARY_CREDENTIAL_TTL_MINUTES = 60;

/** Where the PWA's reset screen lives (the link in the mail). */
const RESET_PATH = '/auth/reset-password';

export interface AuthServiceDeps {
  users: UsersRepository;
  usersService: UsersService;
  repository: AuthRepository;
  tokens: AccessTokens;
  sessions: SessionsRepository;
  hashSecret: SecretHasher;
  limiter: RateLimiter;
  mailer: Mailer;
  tasks: BackgroundTasks;
  /** Public address of the product (PUBLIC_URL), for mail links. */
  publicUrl: string;
  /** null when Firebase is not configured. */
  firebase: FirebaseVerifier | null;
  /** null when GOOGLE_CLIENT_ID/SECRET are not set. */
  google: GoogleExchange | null;
  logger: Logger;
  now: () => number;
}

/** Who is calling, for the per-address limits and the label of a new session. */
export interface Caller {
  /** The client address, or 'unknown' when there is none to tell. */
  address: string;
  /** The User-Agent header, if any. */
  userAgent?: string | null;
  /** The origin the request reached us at (server/http/origin.ts), for links mailed to the person. */
  origin?: string;
}

export interface IdentityInput {
  idToken: string;
  userData: { uid: string; email: string; displayName?: string | null | undefined; photoURL?: string | null | undefined };
}

export interface AuthService {
  register(input: { name: string; email: string; password: string; language: Language }, caller: Caller): Promise<RegisterResponse>;
  login(input: { username: string; password: string }, caller: Caller): Promise<LoginResponse>;
  generateOtp(email: string, caller: Caller): Promise<{ status: string; message: string }>;
  verifyOtp(email: string, otp: number, caller: Caller): Promise<{ status: string; message: string }>;
  forgotPassword(email: string, caller: Caller): Promise<{ status: string; message: string }>;
  resetPassword(input: { email: string; reset_token: string; new_password: string }, caller: Caller): Promise<{ status: string; message: string }>;
  firebaseSignIn(input: IdentityInput, caller: Caller): Promise<IdentityLoginResponse>;
  googleCallback(input: { code: string; redirect_uri: string }, caller: Caller): Promise<IdentityLoginResponse>;
  /**
   * True when `secret` is the account's password, or one of its unexpired one-time credentials
   * (which it then uses up). Takes the time of a password check either way. Wrong guesses are
   * limited per account and per address (DELETE /api/me asks the password again).
   * @throws CodedError 429 `tooManyAttempts` beyond those limits.
   */
  confirmCredential(user: UserWithCredits, secret: string, caller: Caller): Promise<boolean>;
  /** Revokes the session `sessionId` of the account (POST /auth/logout); idempotent. */
  logout(userId: string, sessionId: string): Promise<void>;
  /** Revokes every session and one-time credential of the account; answers how many sessions were live. */
  logoutEverywhere(userId: string): Promise<number>;
  /** Ends every way into the account but its password: sessions and one-time credentials (account deletion). */
  revokeAccess(userId: string): Promise<void>;
}

const success = (message: string) => ({ status: 'success', message });

/**
 * The three counts of a mail sent to an account (see the mail rules in rate-limit.ts): refused
 * per (account, address) pair and per address, slowed per account, so an owner asking from their
 * own address always gets one.
 */
const mailChecks = (account: string, caller: Caller) =>
  [
    [MAILS_PER_PAIR, pairKey(account, caller.address)],
    [MAILS_PER_ADDRESS, caller.address],
    [MAILS_PER_ACCOUNT, account],
  ] as const;

/** The three counts of a guess at an account's secret (see the trade-off in rate-limit.ts). */
const guessChecks = (rules: { pair: RateLimitRule; address: RateLimitRule; account: RateLimitRule }, account: string, caller: Caller) =>
  [
    [rules.pair, pairKey(account, caller.address)],
    [rules.address, caller.address],
    [rules.account, account],
  ] as const;

export function createAuthService(deps: AuthServiceDeps): AuthService {
  const { users, repository, limiter, hashSecret } = deps;
  const log = deps.logger.child({ area: 'auth' });
  const nowDate = () => new Date(deps.now());
  const minutesFromNow = (minutes: number) => new Date(deps.now() + minutes * MINUTE_MS);
  /**
   * Reset mails of one account, one after the other: each replaces the account's token, then
   * sends it, so the newest mail always holds the token that works. Side by side, two requests
   * could replace in one order and send in the other, and the newest link would be refused.
   */
  const resetTurns = new Map<string, Promise<void>>();
  const inResetTurn = (key: string, work: () => Promise<void>): Promise<void> => {
    const turn = (resetTurns.get(key) ?? Promise.resolve()).then(work);
    // The next one waits for this one to end, failed or not; the last one clears the entry.
    const settled = turn.catch(() => undefined);
    resetTurns.set(key, settled);
    void settled.finally(() => {
      if (resetTurns.get(key) === settled) resetTurns.delete(key);
    });
    return turn;
  };

  async function checkCredential(user: UserWithCredits, secret: string): Promise<boolean> {
    if (await repository.consumeTemporaryCredential(user.id, hashSecret(secret), nowDate())) return true;
    return user.password_hash ? verifyPassword(user.password_hash, secret) : verifyAgainstNothing(secret);
  }

  async function issueOtp(user: UserWithCredits): Promise<void> {
    const code = randomOtp();
    await repository.replaceOtp(user.id, hashSecret(code), minutesFromNow(OTP_TTL_MINUTES), nowDate());
    await deps.mailer.sendOtp(user, code, OTP_TTL_MINUTES);
  }

  async function revokeAccess(userId: string): Promise<number> {
    const revoked = await deps.sessions.revokeAll(userId, nowDate());
    await repository.deleteTemporaryCredentials(userId);
    return revoked;
  }

  async function signedIn(user: UserWithCredits, caller: Caller): Promise<LoginResponse> {
    const touched = (await users.update(user.id, { last_login_at: nowDate() })) ?? user;
    const token = await startSessionToken({ sessions: deps.sessions, tokens: deps.tokens, now: deps.now }, touched, caller.userAgent ?? null);
    return { access_token: token, user: deps.usersService.toApiUser(touched) };
  }

  /**
   * The answer of every identity sign-in. `traditional_login.credentials.password` is a fresh
   * random one-time secret, NOT the account's password (identity accounts may have none): it is
   * stored hashed, expires after 1 hour, and works exactly once at POST /auth/login (or to confirm
   * DELETE /api/me). Clients that only need the access token can ignore it.
   */
  async function identityAnswer(user: UserWithCredits, isNew: boolean, caller: Caller): Promise<IdentityLoginResponse> {
    const secret = randomSecret();
    const expiresAt = minutesFromNow(TEMPORARY_CREDENTIAL_TTL_MINUTES);
    await repository.addTemporaryCredential(user.id, hashSecret(secret), expiresAt, nowDate());
    const login = await signedIn(user, caller);
    return {
      ...login,
      is_new_user: isNew,
      traditional_login: { credentials: { email: user.email, password: secret, expires_at: expiresAt.toISOString() } },
    };
  }

  return {
    async confirmCredential(user, secret, caller) {
      const attempt = await limiter.attempt([
        [DELETE_FAILURES_PER_ACCOUNT, user.id],
        [DELETE_FAILURES_PER_ADDRESS, caller.address],
      ]);
      const ok = await checkCredential(user, secret);
      if (ok) await attempt.release();
      return ok;
    },

    async logout(userId, sessionId) {
      await deps.sessions.revoke(sessionId, userId, nowDate());
    },

    logoutEverywhere: revokeAccess,

    async revokeAccess(userId) {
      await revokeAccess(userId);
    },

    async register(input, caller) {
      const email = normalizeEmail(input.email);
      // Every attempt counts (a taken address too): each account costs a hash and carries credits.
      await limiter.attempt([
        [REGISTRATIONS_PER_ADDRESS, caller.address],
        [REGISTRATIONS_PER_ADDRESS_DAILY, caller.address],
        [REGISTRATIONS_PER_ACCOUNT, email],
      ]);
      // An existing address is refused even when unverified: accepting a second registration
      // would let whoever registers last choose the password of the mailbox owner's account.
      // The owner of an unverified account logs in (and gets a new code) or resets the password.
      if (await users.findByEmail(email)) throw authError(409, 'emailTaken');
      try {
        await users.create(
          {
            email,
            name: input.name,
            passwordHash: await hashPassword(input.password),
            profilePicture: null,
            language: input.language,
            isVerified: false,
            firebaseUid: null,
            createdAt: nowDate(),
          },
          [{ kind: 'grant', amount: SIGNUP_CREDITS, reason: 'Free plan sign-up credits', idempotencyKey: SIGNUP_GRANT_KEY, bucket: { source: 'signup' } }],
        );
      } catch (error) {
        if (error instanceof EmailTakenError) throw authError(409, 'emailTaken');
        throw error;
      }
      // No mail here: the client asks for the code next (POST /auth/generate_otp, docs/product-rules.md#auth-flow).
      return { status: 'success', message: AUTH_SUCCESS_MESSAGES.registered, email, requires_verification: true };
    },

    async login(input, caller) {
      const email = normalizeEmail(input.username);
      const attempt = await limiter.attempt(
        guessChecks({ pair: LOGIN_FAILURES_PER_PAIR, address: LOGIN_FAILURES_PER_ADDRESS, account: LOGIN_FAILURES_PER_ACCOUNT }, email, caller),
      );
      const user = await users.findByEmail(email);
      const ok = user ? await checkCredential(user, input.password) : await verifyAgainstNothing(input.password);
      // Unknown email and wrong password get the same answer (and take the same time).
      if (!user || !ok) throw authError(401, 'checkCredentials');
      await attempt.release();

      if (!user.is_verified) {
        // The message promises a code: send one, unless this address has had its share of mails.
        // After the answer: the mail rules may slow a send by seconds, never the sign-in's reply.
        deps.tasks.run('login verification code', async () => {
          if (await limiter.tryAttempt(mailChecks(email, caller))) await issueOtp(user);
        });
        throw authError(403, 'emailNotVerified');
      }
      return signedIn(user, caller);
    },

    async generateOtp(rawEmail, caller) {
      const email = normalizeEmail(rawEmail);
      await limiter.attempt(mailChecks(email, caller));
      const user = await users.findByEmail(email);
      // Unknown and already verified accounts get the same answer, and no mail.
      if (user && !user.is_verified) {
        try {
          await issueOtp(user);
        } catch (error) {
          log.error({ err: error }, 'verification code mail failed');
          throw authError(502, 'otpSendFailed');
        }
      }
      return success(AUTH_SUCCESS_MESSAGES.otpSent);
    },

    async verifyOtp(rawEmail, otp, caller) {
      const email = normalizeEmail(rawEmail);
      const attempt = await limiter.attempt(
        guessChecks({ pair: OTP_FAILURES_PER_PAIR, address: OTP_FAILURES_PER_ADDRESS, account: OTP_FAILURES_PER_ACCOUNT }, email, caller),
      );
      const user = await users.findByEmail(email);
      if (!user) throw authError(400, 'invalidOtp');
      const row = await repository.findOtp(user.id);
      if (!row) throw authError(400, 'otpExpired');
      if (row.expires_at.getTime() <= deps.now()) {
        await repository.deleteOtp(user.id);
        throw authError(400, 'otpExpired');
      }
      if (row.failed_attempts >= OTP_MAX_FAILURES) throw authError(400, 'otpTooManyTries');

      // The integer form loses nothing: codes never start with 0.
      const codeHash = hashSecret(String(otp));
      if (codeHash !== row.code_hash) {
        const failures = await repository.recordOtpFailure(user.id, row.code_hash);
        throw authError(400, failures !== null && failures >= OTP_MAX_FAILURES ? 'otpTooManyTries' : 'invalidOtp');
      }
      if (!(await repository.consumeOtp(user.id, codeHash, nowDate(), OTP_MAX_FAILURES))) {
        // Used (or replaced) by a concurrent request a moment ago.
        throw authError(400, 'otpExpired');
      }
      await attempt.release();
      await users.update(user.id, { is_verified: true });
      return success(AUTH_SUCCESS_MESSAGES.otpVerified);
    },

    async forgotPassword(rawEmail, caller) {
      const email = normalizeEmail(rawEmail);
      await limiter.attempt(mailChecks(email, caller));
      // Everything that depends on the account happens after the answer, so the answer takes the
      // same time (and says the same thing) whether or not the account exists.
      deps.tasks.run('password reset mail', () =>
        inResetTurn(email, async () => {
          const user = await users.findByEmail(email);
          if (!user) return;
          const token = randomSecret();
          await repository.replaceResetToken(user.id, hashSecret(token), minutesFromNow(RESET_TTL_MINUTES), nowDate());
          const link = `${caller.origin ?? deps.publicUrl}${RESET_PATH}?${new URLSearchParams({ token, email: user.email }).toString()}`;
          await deps.mailer.sendPasswordReset(user, link, RESET_TTL_MINUTES);
        }),
      );
      return success(AUTH_MESSAGES.forgotPasswordSent);
    },

    async resetPassword(input, caller) {
      const email = normalizeEmail(input.email);
      const attempt = await limiter.attempt(
        guessChecks({ pair: RESET_FAILURES_PER_PAIR, address: RESET_FAILURES_PER_ADDRESS, account: RESET_FAILURES_PER_ACCOUNT }, email, caller),
      );
      const user = await users.findByEmail(email);
      // Hash work happens whether or not the account exists.
      const tokenHash = hashSecret(input.reset_token);
      const expiresAt = user ? await repository.consumeResetToken(user.id, tokenHash) : null;
      if (!user || !expiresAt || expiresAt.getTime() <= deps.now()) throw authError(400, 'invalidResetToken');
      await attempt.release();
      // The link arrived by mail: the mailbox is proven, so the email counts as verified.
      // Whoever held the old password loses every way back in: all sessions, one-time
      // credentials, and the linked Firebase identity (its owner, if it is the person who just
      // reset, links it again by signing in with Google: the verified email still matches).
      await users.update(user.id, { password_hash: await hashPassword(input.new_password), is_verified: true, firebase_uid: null });
      await revokeAccess(user.id);
      await repository.deleteResetTokens(user.id);
      await repository.deleteOtp(user.id);
      return success(AUTH_SUCCESS_MESSAGES.passwordReset);
    },

    async firebaseSignIn(input, caller) {
      if (!deps.firebase) throw authError(503, 'googleNotConfigured');
      const identity = await deps.firebase.verify(input.idToken);
      // Enhanced identity login (docs/product-rules.md#identity-rules): userData must describe the verified token's account.
      if (identity.uid !== input.userData.uid || !identity.email || normalizeEmail(identity.email) !== normalizeEmail(input.userData.email)) {
        throw authError(400, 'identityMismatch');
      }
      const { user, isNew } = await accountFor(
        { users, revokeAccess, now: deps.now },
        { ...identity, email: identity.email },
        { firebaseUid: identity.uid, displayName: input.userData.displayName ?? null, photoUrl: input.userData.photoURL ?? null },
      );
      return identityAnswer(user, isNew, caller);
    },

    async googleCallback(input, caller) {
      if (!deps.google) throw authError(503, 'googleNotConfigured');
      const identity = await deps.google.exchange(input.code, input.redirect_uri, nowDate());
      if (!identity.email) throw authError(401, 'googleLoginFailed');
      const { user, isNew } = await accountFor(
        { users, revokeAccess, now: deps.now },
        { ...identity, email: identity.email },
        { firebaseUid: null, displayName: null, photoUrl: null },
      );
      return identityAnswer(user, isNew, caller);
    },
  };
}
