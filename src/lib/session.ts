import { atom } from 'jotai';

/**
 * The signed-in user as the interface displays it (spec §3). The accounts work fills this atom
 * from the token and the server's profile check; guests are `null`. Display only: roles and
 * ownership are enforced by the server.
 */
export interface SessionUser {
  id: string;
  name?: string;
  displayName?: string;
  email: string;
  profile_picture?: string;
  role: 'user' | 'admin';
}

export type DisplayUser = Pick<SessionUser, 'email'> & Partial<Pick<SessionUser, 'name' | 'displayName'>>;

/** The signed-in user, or null for a guest. */
export const sessionUserAtom = atom<SessionUser | null>(null);

/** Spec §9: initials are limited to two letters. */
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
 * The name shown for a user (spec §3): displayName, else name, else the part of the email
 * before the @, else `fallback` ('User', or its translation when the caller passes one).
 */
export function displayName(user: DisplayUser, fallback = 'User'): string {
  return user.displayName?.trim() || user.name?.trim() || emailLocalPart(user.email) || fallback;
}

/**
 * Avatar initials (spec §3): the first letters of up to two words of the display name, else the
 * first letter of the email local part, else 'U'.
 */
export function initials(user: DisplayUser): string {
  const name = user.displayName?.trim() || user.name?.trim() || '';
  const fromName = name
    .split(/\s+/)
    .map(firstLetter)
    .filter(Boolean)
    .slice(0, INITIALS_MAX_WORDS)
    .join('');
  if (fromName) return fromName;
  return firstLetter(emailLocalPart(user.email)) || 'U';
}

export function isAdmin(user: SessionUser | null): boolean {
  return user?.role === 'admin';
}
