import { atom } from 'jotai';
import * as v from 'valibot';
import { UserSchema } from '../contract/auth.schema.ts';
import { api, setRefusedTokenHandler, setTokenProvider } from './api.ts';
import { type SessionUser, decodeToken, tokenState, userFromClaims, toSessionUser, CachedUserSchema } from './session-user.ts';
import { TOKEN_STORAGE_KEY } from './session-keys.ts';
export { NEAR_EXPIRY_MS } from './session-user.ts';
export {
  type SessionUser,
  type DisplayUser,
  displayName,
  initials,
  isAdmin,
  type TokenClaims,
  decodeToken,
  type TokenState,
  tokenState,
  userFromClaims,
  toSessionUser,
} from './session-user.ts';

/**
 * The session (docs/product-rules.md#session, #user-display).
 *
 * - The access token lives in localStorage under `access_token`, the cached user under
 *   `auth_user`. No token means signed out.
 * - A valid token plus a server profile check (`GET /auth/profile`) means signed in. A 401 on
 *   the check clears the token; any other failure (offline, 5xx, timeout) keeps the session.
 * - A token expiring in under 5 minutes skips the check and counts as valid; an expired token
 *   logs out (at start-up and, by a timer, the moment it expires).
 * - Failed checks are counted (per tab); from 3 on, the check is skipped and the cached user
 *   kept, so a misbehaving server cannot trap the visitor in a logout loop.
 *
 * The token's payload is decoded only to read `exp` and the display fields: it is not verified,
 * and nothing here is a security decision. Roles and ownership are enforced by the server.
 *
 * The state lives in a small controller (testable without React); src/features/auth/
 * SessionBridge.tsx mirrors it into the jotai atoms below for the interface.
 */

/**
 * - `checking`: a token is present and the profile check is under way (the cached user, if any,
 *   is already shown);
 * - `signed-in`: the check passed, or was skipped by the rules above;
 * - `signed-out`: no usable token.
 */
export type SessionStatus = 'checking' | 'signed-in' | 'signed-out';

/** The signed-in user, or null for a guest (mirrors the session controller). */
export const sessionUserAtom = atom<SessionUser | null>(null);
/** Where the session stands (mirrors the session controller). */
export const sessionStatusAtom = atom<SessionStatus>('signed-out');

// ── Constants (docs/product-rules.md#session-numbers) ─────────────────────────────────────
export { TOKEN_STORAGE_KEY } from './session-keys.ts';
export const USER_STORAGE_KEY = 'auth_user';
/** sessionStorage: failed checks are counted per tab, so a new tab checks afresh. */
export const VALIDATION_FAILURES_KEY = 'auth_validation_failures';
/** From this many failed checks on, the cached user is kept without checking (docs/product-rules.md#session). */
export const MAX_VALIDATION_FAILURES = 3;
/** The profile check gives up sooner than the API's default 120 s: it blocks protected pages. */
export const PROFILE_CHECK_TIMEOUT_MS = 15_000;
/** setTimeout's largest delay (2^31 - 1 ms, about 24.8 days); longer expiry timers are capped. */
const MAX_TIMER_MS = 2_147_483_647;

// ── The controller ────────────────────────────────────────────────────────────────────────

/** The part of the Web Storage API the session uses (localStorage, sessionStorage, a Map in tests). */
export interface KeyValueStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

export interface SessionState {
  status: SessionStatus;
  user: SessionUser | null;
}

export interface SessionDeps {
  /** Token and cached user (localStorage in the browser). */
  storage: KeyValueStorage;
  /** The failed-check counter (sessionStorage in the browser). */
  tabStorage: KeyValueStorage;
  /** GET /auth/profile with this token; rejects with an error carrying `status` on an HTTP error. */
  fetchProfile: (token: string) => Promise<SessionUser>;
  /**
   * POST /auth/logout with this token: ends its session on the server, so a copy of the token
   * stops working. Best effort: an explicit logout never waits for it, and its failure (offline,
   * 5xx) changes nothing here.
   */
  revokeToken?: (token: string) => Promise<unknown>;
  now?: () => number;
}

export type SignOutReason = 'logout' | 'expired' | 'rejected' | 'external';

export type SessionListener = (state: SessionState, previous: SessionState, reason?: SignOutReason) => void;

export interface Session {
  getState(): SessionState;
  getToken(): string | null;
  /** `reason` is set when the change is a sign-out (what ended the session). */
  subscribe(listener: SessionListener): () => void;
  /** Reads the stored token and runs the profile check when the rules ask for one. */
  validate(): Promise<void>;
  signIn(token: string, user: SessionUser): void;
  /** Forgets the token and cached user. */
  signOut(reason?: SignOutReason): void;
  /** Replaces the signed-in user (after a profile edit). */
  updateUser(user: SessionUser): void;
  /** Re-reads storage (another tab signed in or out). */
  syncFromStorage(): void;
  /** Stops the expiry timer. */
  dispose(): void;
}

function safe<T>(run: () => T, fallback: T): T {
  try {
    return run();
  } catch {
    // Storage can throw (private mode, quota, disabled cookies): behave as if it were empty.
    return fallback;
  }
}

export function createSession(deps: SessionDeps): Session {
  const now = deps.now ?? Date.now;
  const { storage, tabStorage } = deps;
  const listeners = new Set<SessionListener>();
  let expiryTimer: ReturnType<typeof setTimeout> | undefined;
  /** Bumped by every sign-in and sign-out, so a check that started before one is ignored. */
  let generation = 0;

  const readToken = () => safe(() => storage.getItem(TOKEN_STORAGE_KEY), null);
  const readCachedUser = (): SessionUser | null =>
    safe(() => {
      const raw = storage.getItem(USER_STORAGE_KEY);
      if (!raw) return null;
      const parsed = v.safeParse(CachedUserSchema, JSON.parse(raw));
      return parsed.success ? parsed.output : null;
    }, null);
  const writeCachedUser = (user: SessionUser) => safe(() => storage.setItem(USER_STORAGE_KEY, JSON.stringify(user)), undefined);
  const failures = () => safe(() => Number.parseInt(tabStorage.getItem(VALIDATION_FAILURES_KEY) ?? '0', 10) || 0, 0);
  const setFailures = (count: number) =>
    safe(() => (count ? tabStorage.setItem(VALIDATION_FAILURES_KEY, String(count)) : tabStorage.removeItem(VALIDATION_FAILURES_KEY)), undefined);
  const clearCredentials = () =>
    safe(() => {
      storage.removeItem(TOKEN_STORAGE_KEY);
      storage.removeItem(USER_STORAGE_KEY);
    }, undefined);

  const set = (next: SessionState, reason?: SignOutReason) => {
    const previous = state;
    if (previous.status === next.status && previous.user === next.user) return;
    state = next;
    for (const listener of listeners) listener(state, previous, next.status === 'signed-out' ? reason : undefined);
  };

  const scheduleExpiry = (token: string | null) => {
    clearTimeout(expiryTimer);
    expiryTimer = undefined;
    const exp = token ? decodeToken(token)?.exp : undefined;
    if (exp === undefined) return;
    const delay = Math.min(Math.max(exp * 1000 - now(), 0), MAX_TIMER_MS);
    expiryTimer = setTimeout(() => {
      // The stored token may have changed since (a new sign-in): decide on the current one.
      if (tokenState(readToken(), now()) === 'expired') session.signOut('expired');
      else scheduleExpiry(readToken());
    }, delay);
  };

  /**
   * The state the stored token allows right now, without asking the server; `ended` says why
   * a stored token was just dropped.
   */
  const localState = (): SessionState & { needsCheck: boolean; ended?: SignOutReason } => {
    const token = readToken();
    const stateOfToken = tokenState(token, now());
    if (stateOfToken === 'missing') return { status: 'signed-out', user: null, needsCheck: false };
    if (stateOfToken === 'expired' || stateOfToken === 'malformed') {
      clearCredentials();
      return { status: 'signed-out', user: null, needsCheck: false, ended: stateOfToken === 'expired' ? 'expired' : undefined };
    }
    const cached = readCachedUser();
    const user = cached ?? userFromClaims(decodeToken(token!));
    if (stateOfToken === 'near-expiry') return { status: 'signed-in', user, needsCheck: false };
    if (cached && failures() >= MAX_VALIDATION_FAILURES) return { status: 'signed-in', user: cached, needsCheck: false };
    return { status: 'checking', user, needsCheck: true };
  };

  const initial = localState();
  let state: SessionState = { status: initial.status, user: initial.user };
  scheduleExpiry(initial.status === 'signed-out' ? null : readToken());

  const session: Session = {
    getState: () => state,
    getToken: readToken,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },

    async validate() {
      const local = localState();
      if (!local.needsCheck) {
        // A token that expired while the tab slept ends here, before its timer: say so.
        set({ status: local.status, user: local.user }, local.ended);
        scheduleExpiry(local.status === 'signed-out' ? null : readToken());
        return;
      }
      // Keep the user on screen while checking; only the status says a check is running.
      set({ status: state.status === 'signed-in' ? 'signed-in' : 'checking', user: local.user });
      const token = readToken()!;
      const started = generation;
      try {
        const user = await deps.fetchProfile(token);
        if (started !== generation || readToken() !== token) return;
        setFailures(0);
        writeCachedUser(user);
        set({ status: 'signed-in', user });
        scheduleExpiry(token);
      } catch (error) {
        if (started !== generation || readToken() !== token) return;
        setFailures(failures() + 1);
        const status = (error as { status?: unknown } | null)?.status;
        if (status === 401) {
          session.signOut('rejected');
          return;
        }
        // Offline, a server error or a timeout: the session stands.
        set({ status: 'signed-in', user: local.user });
      }
    },

    signIn(token, user) {
      generation += 1;
      safe(() => storage.setItem(TOKEN_STORAGE_KEY, token), undefined);
      writeCachedUser(user);
      set({ status: 'signed-in', user });
      scheduleExpiry(token);
    },

    signOut(reason = 'logout') {
      generation += 1;
      const token = readToken();
      // Only an explicit logout ends the server's session (the others follow a token it already
      // refused or that expired); read the token before the wipe below forgets it.
      if (reason === 'logout' && token && deps.revokeToken) {
        safe(() => void deps.revokeToken?.(token).catch(() => undefined), undefined);
      }
      clearCredentials();
      // Only an explicit logout restarts the count; automatic ones must accumulate (docs/product-rules.md#session).
      if (reason === 'logout') setFailures(0);
      scheduleExpiry(null);
      set({ status: 'signed-out', user: null }, reason);
    },

    updateUser(user) {
      if (state.status === 'signed-out') return;
      writeCachedUser(user);
      set({ status: state.status, user });
    },

    syncFromStorage() {
      generation += 1;
      const local = localState();
      set({ status: local.needsCheck ? 'signed-in' : local.status, user: local.user }, 'external');
      scheduleExpiry(local.status === 'signed-out' ? null : readToken());
    },

    dispose() {
      clearTimeout(expiryTimer);
      listeners.clear();
    },
  };
  return session;
}

// ── The browser's session ─────────────────────────────────────────────────────────────────

/** Revalidation when the tab comes back is at most this frequent (ms). */
const REVALIDATE_ON_FOCUS_AFTER_MS = 5 * 60_000;

const memoryStorage = (): KeyValueStorage => {
  const map = new Map<string, string>();
  return { getItem: (k) => map.get(k) ?? null, setItem: (k, value) => void map.set(k, value), removeItem: (k) => void map.delete(k) };
};

function browserStorage(name: 'localStorage' | 'sessionStorage'): KeyValueStorage {
  return safe(() => globalThis[name] ?? memoryStorage(), memoryStorage());
}

/** The logout call gives up after this many ms: it is best effort and nobody waits for it. */
const LOGOUT_TIMEOUT_MS = 10_000;

function revokeToken(token: string): Promise<unknown> {
  return api.post('/auth/logout', undefined, { headers: { Authorization: `Bearer ${token}` }, timeoutMs: LOGOUT_TIMEOUT_MS });
}

async function fetchProfile(token: string): Promise<SessionUser> {
  const body = await api.get<unknown>('/auth/profile', {
    headers: { Authorization: `Bearer ${token}` },
    timeoutMs: PROFILE_CHECK_TIMEOUT_MS,
    ownsRefusal: true,
  });
  return toSessionUser(v.parse(UserSchema, body));
}

let browserSession: Session | undefined;

/**
 * The app's one session: created on first use, checked once, then kept in step with other tabs
 * (storage events) and re-checked when the tab comes back after a while.
 */
export function getSession(): Session {
  if (browserSession) return browserSession;
  const session = createSession({
    storage: browserStorage('localStorage'),
    tabStorage: browserStorage('sessionStorage'),
    fetchProfile,
    revokeToken,
  });
  browserSession = session;
  if (typeof window !== 'undefined') {
    let lastCheck = Date.now();
    void session.validate();
    window.addEventListener('storage', (event) => {
      if (event.key === null || event.key === TOKEN_STORAGE_KEY || event.key === USER_STORAGE_KEY) session.syncFromStorage();
    });
    document.addEventListener('visibilitychange', () => {
      if (document.visibilityState !== 'visible' || Date.now() - lastCheck < REVALIDATE_ON_FOCUS_AFTER_MS) return;
      lastCheck = Date.now();
      void session.validate();
    });
  }
  return session;
}

// Every API call carries the stored token (docs/product-rules.md#query-defaults).
setTokenProvider(() => getSession().getToken());
// A call refused with 401 runs the profile check (its rules decide: a 401 there signs out and
// wipes, a near-expiry token or a flaky network keeps the session).
setRefusedTokenHandler((token) => {
  const session = getSession();
  if (session.getToken() === token) void session.validate();
});
