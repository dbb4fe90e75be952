/**
 * The accounts area's brute-force and abuse limits (the limiter itself, shared by every area:
 * server/platform/rate-limit.ts).
 *
 * An attempt is recorded *before* the guarded work runs and then counted, so a burst of parallel
 * requests cannot slip past the limit while the password hash is being checked. Limits that count
 * only failures (login, code verification, reset, account deletion) take the attempt back when it
 * succeeds; limits on mail sending and registration keep every attempt. A refused attempt is
 * taken back too, so hammering does not extend the wait.
 *
 * Lockout trade-off (OWASP ASVS 2.2.1: slow the attacker, never lock the owner out). A password
 * guess is counted three ways:
 * - per (account, address) pair and per address: hard limits (429). They stop one place from
 *   guessing, and cost the owner nothing unless the owner is the one guessing from there;
 * - per account across every address: a *slowdown*, never a refusal. Beyond its limit each
 *   further guess waits a growing delay before it is checked (SLOWDOWN_BASE_MS doubling, up to
 *   SLOWDOWN_MAX_MS). A refusal here would let anyone lock a seller out by failing ten times
 *   from anywhere; the delay keeps the right password from the owner's own address working.
 * The price: an attacker holding many addresses gets (10 guesses per address per 15 minutes),
 * each held back by the delay, instead of 10 guesses in total. Addresses are the scarce resource
 * (TRUST_PROXY only believes what the trusted proxy appended), and passwords are at least 8
 * characters and argon2id-hashed, so that is the side we chose to err on.
 *
 * Mails (verification codes, reset links) follow the same shape, for the same reason: a hard
 * per-account ceiling would let anyone spend an owner's mail budget from a few addresses, and
 * since a code dies after its fifth wrong try (service.ts OTP_MAX_FAILURES, from any address:
 * the bound that stops brute force) an unverified owner could then never verify, nor anyone get
 * a reset link. So mails are refused per (account, address) pair and per address, and only
 * slowed per account. OWASP ASVS 4.0.3 level 2 reasoning for the numbers:
 * - V2.2.1 asks for anti-automation that stops brute force *and* account lockout, naming
 *   per-address restrictions and ever-increasing delays: the pair and address limits are the
 *   first, the per-account slowdown the second. Its "at most 100 failed attempts per hour on one
 *   account" holds against up to two addresses (10 wrong codes per pair per 15 minutes is 40 an
 *   hour each); past that we keep the slowdown rather than a hard per-account ceiling, because
 *   that ceiling is precisely what lets a stranger lock the owner out;
 * - brute force stays bounded whatever the mail rules: a code has about 20 bits of entropy
 *   (V2.7.6), lives 10 minutes (V2.7.2) and survives 5 wrong tries in all, from anywhere;
 * - mail bombing (V11.1.4, anti-automation against excessive calls): one address reaches one
 *   inbox at most 3 times per 15 minutes (12 an hour), 20 inboxes in all; beyond 5 mails to one
 *   account per 15 minutes from anywhere each further one waits 1 s doubling to 8 s, so a serial
 *   sender gets at most about one mail per 8 s through however many addresses it holds;
 * - the owner: 3 mails per 15 minutes from their own address are theirs whatever others do (a
 *   first mail and two resends for a slow inbox), each delayed by at most 8 s.
 */
import type { RateLimitRule } from '../platform/rate-limit.ts';

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;
/** The window of the guess and mail limits below, in milliseconds (15 minutes). */
export const RATE_WINDOW_MS = 15 * MINUTE_MS;

/** Failed logins per (account, address) pair per 15 minutes: refused beyond. */
export const LOGIN_FAILURES_PER_PAIR: RateLimitRule = { bucket: 'login:pair', limit: 10, windowMs: RATE_WINDOW_MS };
/** Failed logins per client address per 15 minutes (several accounts from one place): refused beyond. */
export const LOGIN_FAILURES_PER_ADDRESS: RateLimitRule = { bucket: 'login:address', limit: 30, windowMs: RATE_WINDOW_MS };
/** Failed logins per account from anywhere per 15 minutes: slowed beyond, never refused (see above). */
export const LOGIN_FAILURES_PER_ACCOUNT: RateLimitRule = { bucket: 'login:account', limit: 10, windowMs: RATE_WINDOW_MS, slow: true };
/** Wrong verification codes per (account, address) pair per 15 minutes (on top of the 5 tries each code gets). */
export const OTP_FAILURES_PER_PAIR: RateLimitRule = { bucket: 'otp:pair', limit: 10, windowMs: RATE_WINDOW_MS };
/** Wrong verification codes per client address per 15 minutes. */
export const OTP_FAILURES_PER_ADDRESS: RateLimitRule = { bucket: 'otp:address', limit: 30, windowMs: RATE_WINDOW_MS };
/** Wrong verification codes per account from anywhere per 15 minutes: slowed beyond. */
export const OTP_FAILURES_PER_ACCOUNT: RateLimitRule = { bucket: 'otp:account', limit: 10, windowMs: RATE_WINDOW_MS, slow: true };
/** Wrong reset tokens per (account, address) pair per 15 minutes. */
export const RESET_FAILURES_PER_PAIR: RateLimitRule = { bucket: 'reset:pair', limit: 10, windowMs: RATE_WINDOW_MS };
/** Wrong reset tokens per client address per 15 minutes. */
export const RESET_FAILURES_PER_ADDRESS: RateLimitRule = { bucket: 'reset:address', limit: 30, windowMs: RATE_WINDOW_MS };
/** Wrong reset tokens per account from anywhere per 15 minutes: slowed beyond. */
export const RESET_FAILURES_PER_ACCOUNT: RateLimitRule = { bucket: 'reset:account', limit: 10, windowMs: RATE_WINDOW_MS, slow: true };
/**
 * Wrong passwords confirming DELETE /api/me, per account per 15 minutes: refused beyond. Only a
 * holder of a live session of the account can fail here, so an outsider cannot lock the owner
 * out of it; a thief with a stolen token cannot guess the password to delete the account.
 */
export const DELETE_FAILURES_PER_ACCOUNT: RateLimitRule = { bucket: 'delete:account', limit: 5, windowMs: RATE_WINDOW_MS };
/** Wrong passwords confirming DELETE /api/me per client address per 15 minutes. */
export const DELETE_FAILURES_PER_ADDRESS: RateLimitRule = { bucket: 'delete:address', limit: 20, windowMs: RATE_WINDOW_MS };
/** Mails (codes, reset links) asked for one account from one address per 15 minutes: refused beyond (see the mail rules above). */
export const MAILS_PER_PAIR: RateLimitRule = { bucket: 'mail:pair', limit: 3, windowMs: RATE_WINDOW_MS };
/** Mails asked for from one client address per 15 minutes, whatever the accounts: refused beyond. */
export const MAILS_PER_ADDRESS: RateLimitRule = { bucket: 'mail:address', limit: 20, windowMs: RATE_WINDOW_MS };
/** Mails asked for one account from anywhere per 15 minutes: slowed beyond, never refused (an owner always gets one). */
export const MAILS_PER_ACCOUNT: RateLimitRule = { bucket: 'mail:account', limit: 5, windowMs: RATE_WINDOW_MS, slow: true };
/**
 * Registrations from one client address per hour, and per day: each new account costs an argon2
 * hash and carries free credits, so one place cannot farm them. A household or an office behind
 * one address still gets a handful.
 */
export const REGISTRATIONS_PER_ADDRESS: RateLimitRule = { bucket: 'register:address', limit: 5, windowMs: HOUR_MS };
export const REGISTRATIONS_PER_ADDRESS_DAILY: RateLimitRule = { bucket: 'register:address-day', limit: 20, windowMs: DAY_MS };
/** Registration attempts for one email per hour (every attempt counts, a taken address too). */
export const REGISTRATIONS_PER_ACCOUNT: RateLimitRule = { bucket: 'register:account', limit: 5, windowMs: HOUR_MS };

/** Every rule of the accounts area (server/areas.ts declares them as its own). */
export const AUTH_RATE_LIMITS: readonly RateLimitRule[] = [
  LOGIN_FAILURES_PER_PAIR,
  LOGIN_FAILURES_PER_ADDRESS,
  LOGIN_FAILURES_PER_ACCOUNT,
  OTP_FAILURES_PER_PAIR,
  OTP_FAILURES_PER_ADDRESS,
  OTP_FAILURES_PER_ACCOUNT,
  RESET_FAILURES_PER_PAIR,
  RESET_FAILURES_PER_ADDRESS,
  RESET_FAILURES_PER_ACCOUNT,
  DELETE_FAILURES_PER_ACCOUNT,
  DELETE_FAILURES_PER_ADDRESS,
  MAILS_PER_PAIR,
  MAILS_PER_ADDRESS,
  MAILS_PER_ACCOUNT,
  REGISTRATIONS_PER_ADDRESS,
  REGISTRATIONS_PER_ADDRESS_DAILY,
  REGISTRATIONS_PER_ACCOUNT,
];
