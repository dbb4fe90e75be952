/**
 * Accounts and sign-in (docs/product-rules.md#auth-api, #form-rules): every auth request and response, and the validation
 * rules with their messages. Shared by the server (input validation) and the PWA (forms and
 * response parsing). Imports only valibot and the other contract modules.
 *
 * Messages are the English texts of docs/product-rules.md#messages-auth. The PWA shows them translated: it maps each one, by
 * its key in AUTH_MESSAGES, to a Lingui message (src/lib/auth-messages.ts); the server
 * answers them in `{ detail }` / `{ message }` with the matching `code`.
 */
import * as v from 'valibot';
import { integer, safeString, text } from './input.schema.ts';
import { PLAN_IDS } from './plans.ts';

/** The texts of docs/product-rules.md#form-rules and #messages-auth, by a stable key (also the `code` of the server's error bodies). */
export const AUTH_MESSAGES = {
  invalidEmail: 'Please enter a valid email',
  passwordRequired: 'Password is required',
  nameTooShort: 'Name must be at least 2 characters',
  passwordTooShort: 'Password must be at least 8 characters',
  confirmRequired: 'Please confirm your password',
  passwordsDontMatch: "Passwords don't match",
  invalidCode: 'Please enter a valid verification code',
  emailNotInSession: 'Email not found in session. Please go back to login and try again.',
  loginFailed: 'Login failed',
  checkCredentials: 'Please check your credentials and try again.',
  registrationFailed: 'Registration failed',
  otpSendFailed: 'Failed to send OTP',
  verificationFailed: 'Verification failed',
  invalidOtp: 'Invalid OTP. Please try again.',
  requestFailed: 'Request failed',
  resetFailed: 'Reset failed',
  invalidResetToken: 'Invalid or expired reset token.',
  forgotPasswordSent: 'If an account with this email exists, you will receive reset instructions.',
  accessDenied: 'Access Denied',
  googleLoginFailed: 'Google login failed',
  // ── Added by the server (same voice; the server's own of docs/product-rules.md#messages-auth) ──
  /** 403 from /auth/login for an account whose email is not verified yet (a new code is mailed). */
  emailNotVerified: 'Please verify your email before logging in. We sent you a verification code.',
  /** 429; `{n}` is the whole number of minutes to wait (the body also carries `retry_after_seconds`). */
  tooManyAttempts: 'Too many attempts. Please wait {n} minutes and try again.',
  /** 400 from /auth/verify_otp: the code's 10 minutes are over, or it was never requested. */
  otpExpired: 'This code has expired. Please request a new code.',
  /** 400 from /auth/verify_otp after the fifth wrong code: that code is dead. */
  otpTooManyTries: 'Too many wrong codes. Please request a new code.',
  /** 409 from /auth/register. */
  emailTaken: 'An account with this email already exists. Please log in.',
  /** 401: no bearer token. */
  signInRequired: 'Please sign in to continue.',
  /** 401: the bearer token is invalid, expired, or its account is gone. */
  sessionExpired: 'Your session has expired. Please sign in again.',
  /** 503 from the Firebase and Google endpoints when the server has no such configuration. */
  googleNotConfigured: 'Google sign-in is not configured on this server.',
  /** 401 from the Firebase endpoints: the ID token does not verify. */
  identityTokenInvalid: 'Your Google sign-in could not be verified. Please try again.',
  /** 400 from the Firebase endpoints: userData names another account than the verified token. */
  identityMismatch: 'The sign-in details do not match your Google account. Please try again.',
  /** 409 from the Firebase and Google endpoints: the email belongs to a password account and the provider has not verified it. */
  identityEmailUnverified: 'An account with this email already exists. Log in with your password, or verify the email with Google first.',
  /** 403 from the Firebase and Google endpoints: the provider has not verified the email, so it neither creates nor links an account. */
  identityUnverified: 'Your Google account email is not verified. Verify it with Google, then sign in again.',
  /** 422 from PATCH /api/me: a `profile_picture` that is not an http(s) address. */
  invalidPictureAddress: 'Invalid input: profile_picture: use an http:// or https:// address',
} as const;
export type AuthMessageKey = keyof typeof AUTH_MESSAGES;

/** Sign-in numbers (docs/product-rules.md#form-rules). */
export const NAME_MIN = 2;
export const PASSWORD_MIN = 8;
/** OTP codes are 6 digits; the form accepts 4 to 6 characters (docs/product-rules.md#otp). */
export const OTP_MIN = 4;
export const OTP_MAX = 6;
/** Enhanced identity login: ID tokens shorter than this are refused (docs/product-rules.md#identity-rules). */
export const ID_TOKEN_MIN = 100;

/** Longest email address, in characters (RFC 5321's path limit). */
export const EMAIL_MAX = 254;
/** Longest password, in characters (argon2 hashes whatever it gets: the bound keeps that cheap). */
export const PASSWORD_MAX = 256;
/** Longest display name, in characters. */
export const NAME_MAX = 120;
/** Longest URL the API stores (a profile picture), in characters. */
export const URL_MAX = 2048;
/** Longest identity-provider token or code, in characters (Firebase ID tokens are about 1 KB). */
export const PROVIDER_TOKEN_MAX = 16_384;

const email = v.pipe(safeString(), v.trim(), v.maxLength(EMAIL_MAX, AUTH_MESSAGES.invalidEmail), v.email(AUTH_MESSAGES.invalidEmail));
const password = (required: string) => v.pipe(safeString(), v.minLength(1, required), v.maxLength(PASSWORD_MAX));

// ── Forms (what a person types) ──────────────────────────────────────────────────────
export const LoginFormSchema = v.object({
  email,
  password: password(AUTH_MESSAGES.passwordRequired),
});
export type LoginForm = v.InferOutput<typeof LoginFormSchema>;

export const RegisterFormSchema = v.pipe(
  v.object({
    name: v.pipe(safeString(), v.trim(), v.minLength(NAME_MIN, AUTH_MESSAGES.nameTooShort), v.maxLength(NAME_MAX)),
    email,
    password: v.pipe(safeString(), v.minLength(PASSWORD_MIN, AUTH_MESSAGES.passwordTooShort), v.maxLength(PASSWORD_MAX)),
    confirmPassword: password(AUTH_MESSAGES.confirmRequired),
  }),
  // Shown on confirmPassword (docs/product-rules.md#form-rules).
  v.forward(
    v.partialCheck([['password'], ['confirmPassword']], (input) => input.password === input.confirmPassword, AUTH_MESSAGES.passwordsDontMatch),
    ['confirmPassword'],
  ),
);
export type RegisterForm = v.InferOutput<typeof RegisterFormSchema>;

export const ForgotFormSchema = v.object({ email });
export const OtpFormSchema = v.object({
  code: v.pipe(
    safeString(),
    v.trim(),
    v.minLength(OTP_MIN, AUTH_MESSAGES.invalidCode),
    v.maxLength(OTP_MAX, AUTH_MESSAGES.invalidCode),
    v.regex(/^\d+$/, AUTH_MESSAGES.invalidCode),
  ),
});

// ── Requests (docs/product-rules.md#auth-api) ─────────────────────────────────────────
/** POST /auth/login — `username` carries the email. */
export const LoginRequestSchema = v.object({
  username: email,
  password: password(AUTH_MESSAGES.passwordRequired),
});
export type LoginRequest = v.InferOutput<typeof LoginRequestSchema>;

/** POST /auth/register */
export const RegisterRequestSchema = v.object({
  name: v.pipe(safeString(), v.trim(), v.minLength(NAME_MIN, AUTH_MESSAGES.nameTooShort), v.maxLength(NAME_MAX)),
  email,
  password: v.pipe(safeString(), v.minLength(PASSWORD_MIN, AUTH_MESSAGES.passwordTooShort), v.maxLength(PASSWORD_MAX)),
  /** The language the account's mails are written in; the PWA sends the active one. */
  language: v.optional(v.picklist(['vi', 'en']), 'vi'),
});
export type RegisterRequest = v.InferOutput<typeof RegisterRequestSchema>;

/** POST /auth/generate_otp and /auth/forgot-password */
export const EmailRequestSchema = v.object({ email });

/** POST /auth/verify_otp — the code travels as an integer (docs/product-rules.md#otp). */
export const VerifyOtpRequestSchema = v.object({
  email,
  otp: integer(0, 999_999, AUTH_MESSAGES.invalidOtp),
});

/** POST /auth/reset-password — the new password follows the register rules. */
export const ResetPasswordRequestSchema = v.object({
  email,
  reset_token: v.pipe(safeString(), v.minLength(1, AUTH_MESSAGES.invalidResetToken), v.maxLength(PASSWORD_MAX, AUTH_MESSAGES.invalidResetToken)),
  new_password: v.pipe(safeString(), v.minLength(PASSWORD_MIN, AUTH_MESSAGES.passwordTooShort), v.maxLength(PASSWORD_MAX)),
});

/** Identity-provider user data (docs/product-rules.md#identity-data): displayName falls back to the email's local part. */
export const IdentityUserDataSchema = v.object({
  uid: v.pipe(text(256), v.minLength(1)),
  email,
  displayName: v.optional(v.nullable(text(1024))),
  photoURL: v.optional(v.nullable(text(URL_MAX))),
  emailVerified: v.optional(v.boolean()),
});

/** POST /auth/firebase/register and /auth/firebase/login (enhanced identity login, docs/product-rules.md#identity-rules). */
export const FirebaseAuthRequestSchema = v.object({
  idToken: v.pipe(text(PROVIDER_TOKEN_MAX), v.minLength(ID_TOKEN_MIN)),
  userData: IdentityUserDataSchema,
});

/** POST /auth/google/callback */
export const GoogleCallbackRequestSchema = v.object({
  code: v.pipe(text(PROVIDER_TOKEN_MAX), v.minLength(1)),
  redirect_uri: v.pipe(text(URL_MAX), v.url()),
});

// ── Responses ─────────────────────────────────────────────────────────────────────────
export const ROLES = ['user', 'admin'] as const;
export const LANGUAGES = ['vi', 'en'] as const;

/** The signed-in user as the API describes it (GET /auth/profile, login responses). */
export const UserSchema = v.object({
  id: v.string(),
  name: v.string(),
  email: v.string(),
  profile_picture: v.nullable(v.string()),
  language: v.picklist(LANGUAGES),
  role: v.picklist(ROLES),
  /** The account's plan (src/contract/plans.ts): what the studios unlock and show. */
  plan: v.picklist(PLAN_IDS),
  credits: v.number(),
  is_verified: v.boolean(),
  created_at: v.string(),
  last_login_at: v.nullable(v.string()),
});
export type User = v.InferOutput<typeof UserSchema>;

export const LoginResponseSchema = v.object({ access_token: v.string(), user: UserSchema });
export type LoginResponse = v.InferOutput<typeof LoginResponseSchema>;

export const RegisterResponseSchema = v.object({
  status: v.string(),
  message: v.string(),
  email: v.string(),
  requires_verification: v.boolean(),
});
export type RegisterResponse = v.InferOutput<typeof RegisterResponseSchema>;

/** Answers of generate_otp, verify_otp, forgot-password and reset-password. */
export const StatusResponseSchema = v.object({ status: v.string(), message: v.string() });

/**
 * Firebase and Google sign-in (docs/product-rules.md#identity-data): also `is_new_user` and
 * `traditional_login.credentials`. The credentials are temporary: the password is a one-time
 * secret that expires after 1 hour (docs/product-rules.md#session-numbers) and is never the account's own password.
 */
export const IdentityLoginResponseSchema = v.object({
  access_token: v.string(),
  user: UserSchema,
  is_new_user: v.boolean(),
  traditional_login: v.object({
    credentials: v.object({ email: v.string(), password: v.string(), expires_at: v.string() }),
  }),
});
export type IdentityLoginResponse = v.InferOutput<typeof IdentityLoginResponseSchema>;

/** PUT /api/me */
export const UpdateMeRequestSchema = v.object({
  name: v.optional(v.pipe(safeString(), v.trim(), v.minLength(NAME_MIN, AUTH_MESSAGES.nameTooShort), v.maxLength(NAME_MAX))),
  profile_picture: v.optional(v.nullable(v.pipe(text(URL_MAX), v.url()))),
  language: v.optional(v.picklist(LANGUAGES)),
});

/** DELETE /api/me — the password is asked again. */
export const DeleteMeRequestSchema = v.object({
  password: password(AUTH_MESSAGES.passwordRequired),
});

/**
 * POST /auth/logout: revokes the session of the bearer token (no body; answers 204 No Content,
 * also when that session was already revoked). POST /auth/logout-all: revokes every session of
 * the account and its one-time credentials (no body); the answer below.
 */
export const LogoutAllResponseSchema = v.object({
  status: v.string(),
  message: v.string(),
  /** How many sessions were still live (this one included). */
  revoked_sessions: v.number(),
});
export type LogoutAllResponse = v.InferOutput<typeof LogoutAllResponseSchema>;

// ── Additions for the server's answers ────────────────────────────────────────────────
/** Success texts of the auth endpoints (`message` of their answers). */
export const AUTH_SUCCESS_MESSAGES = {
  registered: 'Registration successful. Please verify your email with the code we send you.',
  otpSent: 'If the account needs verification, a new code is on its way.',
  otpVerified: 'Your email is verified. You can log in now.',
  passwordReset: 'Your password has been reset. You can log in now.',
  accountDeleted: 'Your account and its data have been deleted.',
  signedOutEverywhere: 'You have been signed out on every device.',
} as const;

/**
 * An auth error body: `{ detail }` (or `{ message }` for GET, docs/product-rules.md#api-errors) plus `code`, the
 * AUTH_MESSAGES key when the text is one of them, so the PWA can show it translated. A 429 also
 * carries `retry_after_seconds` (the same number as its Retry-After header).
 */
export const AuthErrorBodySchema = v.object({
  detail: v.optional(v.string()),
  message: v.optional(v.string()),
  code: v.optional(v.string()),
  retry_after_seconds: v.optional(v.number()),
});
export type AuthErrorBody = v.InferOutput<typeof AuthErrorBodySchema>;

/** The AUTH_MESSAGES key of an error body's `code`, or null when it names none. */
export function authMessageKey(code: unknown): AuthMessageKey | null {
  return typeof code === 'string' && Object.hasOwn(AUTH_MESSAGES, code) ? (code as AuthMessageKey) : null;
}
