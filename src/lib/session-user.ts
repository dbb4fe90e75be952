/**
 * The signed-in user as the interface shows it, and what the client reads from a token: the
 * display helpers (name, initials, admin), the unverified decoding of a token's payload (only
 * `exp` and the display fields: the server decides every right), and the cached user's schema.
 * src/lib/session.ts holds the session controller and re-exports all of it.
 */
import * as v from 'valibot';
import type { User } from '../contract/auth.schema.ts';

/** A token expiring within this many ms skips the server check (docs/product-rules.md#session-numbers: 5 minutes). */
export const NEAR_EXPIRY_MS = 5 * 60_000;

/** The signed-in user as the interface displays it (docs/product-rules.md#user-display). Guests are `null`. */
export interface SessionUser {
  id: string;
  name?: string;
  displayName?: string;
  email: string;
  profile_picture?: string;
  role: 'user' | 'admin';
  language?: 'vi' | 'en';
  plan?: string;
  credits?: number;
  is_verified?: boolean;
}

export type DisplayUser = Pick<SessionUser, 'email'> & Partial<Pick<SessionUser, 'name' | 'displayName'>>;

// ── Display helpers ───────────────────────────────────────────────────────────────────────

/** docs/product-rules.md#user-display: initials are limited to two letters. */
const INITIALS_MAX_WORDS = 2;

function emailLocalPart(email: string | undefined): string {
  const local = (email ?? '').split('@')[0] ?? '';
  return local.trim();
}

/** The first letter or digit of a word, so "(Lan)" gives "L"; empty when there is none. */
function firstLetter(word: string): string {
  const match = /[\p{L}\p{N}]/u.exec(word);
  return match ? match[0].toLocaleUpperCase('vi') : '';
}

/**
 * The name shown for a user (docs/product-rules.md#user-display): displayName, else name, else the part of the email
 * before the @, else `fallback` ('User', or its translation when the caller passes one).
 */
export function displayName(user: DisplayUser, fallback = 'User'): string {
  return user.displayName?.trim() || user.name?.trim() || emailLocalPart(user.email) || fallback;
}

/**
 * Avatar initials (docs/product-rules.md#user-display): the first letters of up to two words of the display name, else the
 * first letter of the email local part, else 'U'.
 */
export function initials(user: DisplayUser): string {
  const name = user.displayName?.trim() || user.name?.trim() || '';
  const fromName = name.split(/\s+/).map(firstLetter).filter(Boolean).slice(0, INITIALS_MAX_WORDS).join('');
  if (fromName) return fromName;
  return firstLetter(emailLocalPart(user.email)) || 'U';
}

export function isAdmin(user: SessionUser | null): boolean {
  return user?.role === 'admin';
}

// ── Token ─────────────────────────────────────────────────────────────────────────────────

/** The claims the interface reads from the token (docs/product-rules.md#user-display); all optional, none trusted. */
export interface TokenClaims {
  sub?: string;
  id?: string;
  username?: string;
  email?: string;
  name?: string;
  role?: string;
  /** Seconds since the epoch. */
  exp?: number;
  iat?: number;
}

function base64UrlDecode(segment: string): string {
  const base64 = segment.replace(/-/g, '+').replace(/_/g, '/');
  const padded = base64 + '='.repeat((4 - (base64.length % 4)) % 4);
  const binary = atob(padded);
  const bytes = Uint8Array.from(binary, (char) => char.charCodeAt(0));
  return new TextDecoder().decode(bytes);
}

/** The payload of a JWT, decoded without verification; null when it is not a JWT. */
export function decodeToken(token: string): TokenClaims | null {
  const parts = token.split('.');
  if (parts.length !== 3 || !parts[1]) return null;
  try {
    const payload: unknown = JSON.parse(base64UrlDecode(parts[1]));
    if (!payload || typeof payload !== 'object' || Array.isArray(payload)) return null;
    const claims = payload as Record<string, unknown>;
    const text = (key: string) => (typeof claims[key] === 'string' ? (claims[key] as string) : undefined);
    const num = (key: string) => (typeof claims[key] === 'number' && Number.isFinite(claims[key]) ? (claims[key] as number) : undefined);
    return {
      sub: text('sub') ?? (typeof claims.sub === 'number' ? String(claims.sub) : undefined),
      id: text('id'),
      username: text('username'),
      email: text('email'),
      name: text('name'),
      role: text('role'),
      exp: num('exp'),
      iat: num('iat'),
    };
  } catch {
    return null;
  }
}

export type TokenState = 'missing' | 'malformed' | 'expired' | 'near-expiry' | 'valid';

/**
 * Where a token stands at `nowMs`. A token without `exp` counts as valid: the server's check
 * then decides.
 */
export function tokenState(token: string | null | undefined, nowMs: number): TokenState {
  if (!token) return 'missing';
  const claims = decodeToken(token);
  if (!claims) return 'malformed';
  if (claims.exp === undefined) return 'valid';
  const expiresAt = claims.exp * 1000;
  if (expiresAt <= nowMs) return 'expired';
  if (expiresAt - nowMs < NEAR_EXPIRY_MS) return 'near-expiry';
  return 'valid';
}

/** A display user from the token's claims, when no cached or checked user is at hand. */
export function userFromClaims(claims: TokenClaims | null): SessionUser | null {
  if (!claims) return null;
  const email = claims.email ?? (claims.username?.includes('@') ? claims.username : undefined) ?? (claims.sub?.includes('@') ? claims.sub : undefined);
  const id = claims.id ?? claims.sub ?? claims.username ?? email;
  if (!id || !email) return null;
  return { id, email, name: claims.name, role: claims.role === 'admin' ? 'admin' : 'user' };
}

/** The API's user (GET /auth/profile, login responses) as the session keeps it. */
export function toSessionUser(user: User): SessionUser {
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    profile_picture: user.profile_picture ?? undefined,
    role: user.role,
    language: user.language,
    plan: user.plan,
    credits: user.credits,
    is_verified: user.is_verified,
  };
}

export const CachedUserSchema = v.object({
  id: v.string(),
  email: v.string(),
  name: v.optional(v.string()),
  displayName: v.optional(v.string()),
  profile_picture: v.optional(v.string()),
  role: v.picklist(['user', 'admin']),
  language: v.optional(v.picklist(['vi', 'en'])),
  plan: v.optional(v.string()),
  credits: v.optional(v.number()),
  is_verified: v.optional(v.boolean()),
});
