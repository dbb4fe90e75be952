/**
 * Sign-in rules (spec §3-§5, §7, §8): registration, login, email verification codes, password
 * reset, and sign-in through Firebase or a Google authorization code.
 *
 * Every time comes from `now()` (ms since the epoch), so expiry can be tested by moving the
 * clock. Secrets are stored as keyed hashes only (see secrets.ts); passwords as argon2id.
 */
import {
  AUTH_MESSAGES,
  AUTH_SUCCESS_MESSAGES,
  type IdentityLoginResponse,
  type LoginResponse,
  type RegisterResponse,
} from '../../src/contract/auth.ts';
import type { Language } from '../db/schema.ts';
import type { Logger } from '../logger.ts';
import type { Mailer } from '../mail/mailer.ts';
import { EmailTakenError, type UsersRepository, type UserWithCredits } from '../users/repository.ts';
import { isWebUrl, normalizeEmail, SIGNUP_CREDITS, SIGNUP_GRANT_KEY, type UsersService } from '../users/service.ts';
import type { BackgroundTasks } from './background.ts';
import { authError } from './errors.ts';
import type { FirebaseVerifier, GoogleExchange, VerifiedIdentity } from './identity.ts';
import { hashPassword, verifyAgainstNothing, verifyPassword } from './passwords.ts';
import {
  LOGIN_FAILURES_PER_ACCOUNT,
  LOGIN_FAILURES_PER_ADDRESS,
  MAILS_PER_ACCOUNT,
  MAILS_PER_ADDRESS,
  OTP_FAILURES_PER_ACCOUNT,
  OTP_FAILURES_PER_ADDRESS,
  type RateLimiter,
} from './rate-limit.ts';
import type { AuthRepository } from './repository.ts';
import { randomOtp, randomSecret, type SecretHasher } from './secrets.ts';
import type { AccessTokens } from './tokens.ts';

const MINUTE_MS = 60_000;
/** A verification code works for 10 minutes. */
export const OTP_TTL_MINUTES = 10;
/** Wrong guesses one code survives; after the fifth, a new code is needed. */
export const OTP_MAX_FAILURES = 5;
/** A password-reset link works for 30 minutes. */
export const RESET_TTL_MINUTES = 30;
/** Temporary credentials after a Google sign-in work for 1 hour (spec §4, §9). */
export const TEMPORARY_CREDENTIAL_TTL_MINUTES = 60;

/** Where the PWA's reset screen lives (the link in the mail). */
const RESET_PATH = '/auth/reset-password';

export interface AuthServiceDeps {
  users: UsersRepository;
  usersService: UsersService;
  repository: AuthRepository;
  tokens: AccessTokens;
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

/** Who is calling, for the per-address limits. */
export interface Caller {
  /** The client address, or 'unknown' when there is none to tell. */
  address: string;
}

export interface IdentityInput {
  idToken: string;
  userData: { uid: string; email: string; displayName?: string | null | undefined; photoURL?: string | null | undefined };
}

export interface AuthService {
  register(input: { name: string; email: string; password: string; language: Language }): Promise<RegisterResponse>;
  login(input: { username: string; password: string }, caller: Caller): Promise<LoginResponse>;
  generateOtp(email: string, caller: Caller): Promise<{ status: string; message: string }>;
  verifyOtp(email: string, otp: number, caller: Caller): Promise<{ status: string; message: string }>;
  forgotPassword(email: string, caller: Caller): Promise<{ status: string; message: string }>;
  resetPassword(input: { email: string; reset_token: string; new_password: string }): Promise<{ status: string; message: string }>;
  firebaseSignIn(input: IdentityInput): Promise<IdentityLoginResponse>;
  googleCallback(input: { code: string; redirect_uri: string }): Promise<IdentityLoginResponse>;
  /**
   * True when `secret` is the account's password, or one of its unexpired one-time credentials
   * (which it then uses up). Takes the time of a password check either way.
   */
  checkCredential(user: UserWithCredits, secret: string): Promise<boolean>;
}

const success = (message: string) => ({ status: 'success', message });

/** The part of an email before the @: the name of last resort (spec §3). */
const localPart = (email: string): string => email.split('@')[0] ?? email;

export function createAuthService(deps: AuthServiceDeps): AuthService {
  const { users, repository, limiter, hashSecret } = deps;
  const log = deps.logger.child({ area: 'auth' });
  const nowDate = () => new Date(deps.now());
  const minutesFromNow = (minutes: number) => new Date(deps.now() + minutes * MINUTE_MS);

  async function checkCredential(user: UserWithCredits, secret: string): Promise<boolean> {
    if (await repository.consumeTemporaryCredential(user.id, hashSecret(secret), nowDate())) return true;
    return user.password_hash ? verifyPassword(user.password_hash, secret) : verifyAgainstNothing(secret);
  }

  async function issueOtp(user: UserWithCredits): Promise<void> {
    const code = randomOtp();
    await repository.replaceOtp(user.id, hashSecret(code), minutesFromNow(OTP_TTL_MINUTES), nowDate());
    await deps.mailer.sendOtp(user, code, OTP_TTL_MINUTES);
  }

  async function signedIn(user: UserWithCredits): Promise<LoginResponse> {
    const touched = (await users.update(user.id, { last_login_at: nowDate() })) ?? user;
    const { token } = await deps.tokens.issue({ id: touched.id, name: touched.name, email: touched.email });
    return { access_token: token, user: deps.usersService.toApiUser(touched) };
  }

  /**
   * The account a provider-verified identity signs in to: the one linked to the Firebase uid, else
   * the one with that email (linked now, but only when the provider verified the email: otherwise
   * anybody could claim a password account by creating an unverified provider account with its
   * address), else a new one.
   */
  async function accountFor(identity: VerifiedIdentity & { email: string }, options: { firebaseUid: string | null; displayName: string | null; photoUrl: string | null }) {
    if (options.firebaseUid) {
      const linked = await users.findByFirebaseUid(options.firebaseUid);
      if (linked) return { user: linked, isNew: false };
    }
    const email = normalizeEmail(identity.email);
    const existing = await users.findByEmail(email);
    if (existing) {
      if (!identity.emailVerified) throw authError(409, 'identityEmailUnverified');
      const changes: { firebase_uid?: string; is_verified?: boolean } = { is_verified: true };
      if (options.firebaseUid && !existing.firebase_uid) changes.firebase_uid = options.firebaseUid;
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
          createdAt: nowDate(),
        },
        [{ kind: 'grant', amount: SIGNUP_CREDITS, reason: 'Free plan sign-up credits', idempotencyKey: SIGNUP_GRANT_KEY }],
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

  /**
   * The answer of every identity sign-in. `traditional_login.credentials.password` is a fresh
   * random one-time secret, NOT the account's password (identity accounts may have none): it is
   * stored hashed, expires after 1 hour, and works exactly once at POST /auth/login (or to confirm
   * DELETE /api/me). Clients that only need the access token can ignore it.
   */
  async function identityAnswer(user: UserWithCredits, isNew: boolean): Promise<IdentityLoginResponse> {
    const secret = randomSecret();
    const expiresAt = minutesFromNow(TEMPORARY_CREDENTIAL_TTL_MINUTES);
    await repository.addTemporaryCredential(user.id, hashSecret(secret), expiresAt, nowDate());
    const login = await signedIn(user);
    return {
      ...login,
      is_new_user: isNew,
      traditional_login: { credentials: { email: user.email, password: secret, expires_at: expiresAt.toISOString() } },
    };
  }

  return {
    checkCredential,

    async register(input) {
      const email = normalizeEmail(input.email);
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
          [{ kind: 'grant', amount: SIGNUP_CREDITS, reason: 'Free plan sign-up credits', idempotencyKey: SIGNUP_GRANT_KEY }],
        );
      } catch (error) {
        if (error instanceof EmailTakenError) throw authError(409, 'emailTaken');
        throw error;
      }
      // No mail here: the client asks for the code next (POST /auth/generate_otp, spec §4).
      return { status: 'success', message: AUTH_SUCCESS_MESSAGES.registered, email, requires_verification: true };
    },

    async login(input, caller) {
      const email = normalizeEmail(input.username);
      const attempt = await limiter.attempt([
        [LOGIN_FAILURES_PER_ACCOUNT, email],
        [LOGIN_FAILURES_PER_ADDRESS, caller.address],
      ]);
      const user = await users.findByEmail(email);
      const ok = user ? await checkCredential(user, input.password) : await verifyAgainstNothing(input.password);
      // Unknown email and wrong password get the same answer (and take the same time).
      if (!user || !ok) throw authError(401, 'checkCredentials');
      await attempt.release();

      if (!user.is_verified) {
        // The message promises a code: send one, unless this address has had its share of mails.
        if (await limiter.tryAttempt([[MAILS_PER_ACCOUNT, email]])) {
          deps.tasks.run('login verification code', () => issueOtp(user));
        }
        throw authError(403, 'emailNotVerified');
      }
      return signedIn(user);
    },

    async generateOtp(rawEmail, caller) {
      const email = normalizeEmail(rawEmail);
      await limiter.attempt([
        [MAILS_PER_ACCOUNT, email],
        [MAILS_PER_ADDRESS, caller.address],
      ]);
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
      const attempt = await limiter.attempt([
        [OTP_FAILURES_PER_ACCOUNT, email],
        [OTP_FAILURES_PER_ADDRESS, caller.address],
      ]);
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
      await limiter.attempt([
        [MAILS_PER_ACCOUNT, email],
        [MAILS_PER_ADDRESS, caller.address],
      ]);
      // Everything that depends on the account happens after the answer, so the answer takes the
      // same time (and says the same thing) whether or not the account exists.
      deps.tasks.run('password reset mail', async () => {
        const user = await users.findByEmail(email);
        if (!user) return;
        const token = randomSecret();
        await repository.replaceResetToken(user.id, hashSecret(token), minutesFromNow(RESET_TTL_MINUTES), nowDate());
        const link = `${deps.publicUrl}${RESET_PATH}?${new URLSearchParams({ token, email: user.email }).toString()}`;
        await deps.mailer.sendPasswordReset(user, link, RESET_TTL_MINUTES);
      });
      return success(AUTH_MESSAGES.forgotPasswordSent);
    },

    async resetPassword(input) {
      const user = await users.findByEmail(normalizeEmail(input.email));
      // Hash work happens whether or not the account exists.
      const tokenHash = hashSecret(input.reset_token);
      const expiresAt = user ? await repository.consumeResetToken(user.id, tokenHash) : null;
      if (!user || !expiresAt || expiresAt.getTime() <= deps.now()) throw authError(400, 'invalidResetToken');
      // The link arrived by mail: the mailbox is proven, so the email counts as verified.
      // Every token issued so far stops working: whoever held the old password is signed out.
      await users.update(user.id, { password_hash: await hashPassword(input.new_password), is_verified: true, tokens_valid_after: nowDate() });
      await repository.deleteResetTokens(user.id);
      await repository.deleteOtp(user.id);
      return success(AUTH_SUCCESS_MESSAGES.passwordReset);
    },

    async firebaseSignIn(input) {
      if (!deps.firebase) throw authError(503, 'googleNotConfigured');
      const identity = await deps.firebase.verify(input.idToken);
      // Enhanced identity login (spec §5): userData must describe the verified token's account.
      if (
        identity.uid !== input.userData.uid ||
        !identity.email ||
        normalizeEmail(identity.email) !== normalizeEmail(input.userData.email)
      ) {
        throw authError(400, 'identityMismatch');
      }
      const { user, isNew } = await accountFor(
        { ...identity, email: identity.email },
        { firebaseUid: identity.uid, displayName: input.userData.displayName ?? null, photoUrl: input.userData.photoURL ?? null },
      );
      return identityAnswer(user, isNew);
    },

    async googleCallback(input) {
      if (!deps.google) throw authError(503, 'googleNotConfigured');
      const identity = await deps.google.exchange(input.code, input.redirect_uri, nowDate());
      if (!identity.email) throw authError(401, 'googleLoginFailed');
      const { user, isNew } = await accountFor({ ...identity, email: identity.email }, { firebaseUid: null, displayName: null, photoUrl: null });
      return identityAnswer(user, isNew);
    },
  };
}
