import { describe, it, expect, vi } from 'vitest';
import { createStore } from 'jotai';
import {
  createSession,
  decodeToken,
  displayName,
  initials,
  isAdmin,
  sessionUserAtom,
  tokenState,
  toSessionUser,
  userFromClaims,
  TOKEN_STORAGE_KEY,
  USER_STORAGE_KEY,
  VALIDATION_FAILURES_KEY,
  type KeyValueStorage,
  type SessionUser,
} from './session.ts';

const base: SessionUser = { id: 'u1', email: 'lan.nguyen@example.vn', role: 'user' };

describe('displayName', () => {
  it('prefers displayName, then name', () => {
    expect(displayName({ ...base, displayName: 'Lan Nguyễn', name: 'Nguyễn Thị Lan' })).toBe('Lan Nguyễn');
    expect(displayName({ ...base, name: 'Nguyễn Thị Lan' })).toBe('Nguyễn Thị Lan');
  });

  it('ignores blank names and falls back to the email local part', () => {
    expect(displayName({ ...base, displayName: '   ', name: '' })).toBe('lan.nguyen');
  });

  it("falls back to 'User' without a usable email", () => {
    expect(displayName({ email: '' })).toBe('User');
    expect(displayName({ email: '@example.vn' })).toBe('User');
  });

  it('uses the fallback the caller gives (a translation)', () => {
    expect(displayName({ email: '' }, 'Người dùng')).toBe('Người dùng');
  });
});

describe('initials', () => {
  it('takes the first letters of up to two words of the display name', () => {
    expect(initials({ ...base, displayName: 'nguyễn thị lan' })).toBe('NT');
    expect(initials({ ...base, name: 'Đặng  Ánh' })).toBe('ĐÁ');
    expect(initials({ ...base, name: 'Madonna' })).toBe('M');
  });

  it('skips words without a letter', () => {
    expect(initials({ ...base, name: '— (Lan) Hồ' })).toBe('LH');
  });

  it('falls back to the first letter of the email local part', () => {
    expect(initials({ ...base })).toBe('L');
    expect(initials({ ...base, name: '  ' })).toBe('L');
    expect(initials({ email: '_mai@x.vn' })).toBe('M');
  });

  it("falls back to 'U'", () => {
    expect(initials({ email: '' })).toBe('U');
    expect(initials({ email: '@x.vn' })).toBe('U');
  });
});

describe('session atom', () => {
  it('starts as a guest and holds a signed-in user', () => {
    const store = createStore();
    expect(store.get(sessionUserAtom)).toBeNull();
    expect(isAdmin(store.get(sessionUserAtom))).toBe(false);
    store.set(sessionUserAtom, { ...base, role: 'admin' });
    expect(isAdmin(store.get(sessionUserAtom))).toBe(true);
  });
});

// ── The session rules (docs/product-rules.md#session) ────────────────────────────────

const NOW = Date.UTC(2025, 5, 1, 12, 0, 0);

function b64url(value: unknown): string {
  return Buffer.from(JSON.stringify(value)).toString('base64url');
}

/** An unsigned JWT-shaped token: the client never verifies the signature. */
function jwt(claims: Record<string, unknown>): string {
  return `${b64url({ alg: 'HS256', typ: 'JWT' })}.${b64url(claims)}.signature`;
}

const inMinutes = (minutes: number) => Math.floor((NOW + minutes * 60_000) / 1000);

function memory(initial: Record<string, string> = {}): KeyValueStorage & { data: Map<string, string> } {
  const data = new Map(Object.entries(initial));
  return {
    data,
    getItem: (key) => data.get(key) ?? null,
    setItem: (key, value) => void data.set(key, value),
    removeItem: (key) => void data.delete(key),
  };
}

const profile: SessionUser = { id: 'u1', email: 'lan@example.vn', name: 'Lan', role: 'user' };
const cached: SessionUser = { id: 'u1', email: 'lan@example.vn', name: 'Lan (cached)', role: 'user' };

function setup({
  token,
  cachedUser,
  failures,
  fetchProfile = vi.fn<(token: string) => Promise<SessionUser>>(async () => profile),
}: {
  token?: string;
  cachedUser?: SessionUser;
  failures?: number;
  fetchProfile?: (token: string) => Promise<SessionUser>;
}) {
  const storage = memory({
    ...(token ? { [TOKEN_STORAGE_KEY]: token } : {}),
    ...(cachedUser ? { [USER_STORAGE_KEY]: JSON.stringify(cachedUser) } : {}),
  });
  const tabStorage = memory(failures ? { [VALIDATION_FAILURES_KEY]: String(failures) } : {});
  const session = createSession({ storage, tabStorage, fetchProfile, now: () => NOW });
  return { session, storage, tabStorage, fetchProfile };
}

function httpError(status: number) {
  return Object.assign(new Error(`status ${status}`), { status });
}

describe('decodeToken and tokenState', () => {
  it('reads the payload of a JWT without verifying it, Unicode included', () => {
    const claims = decodeToken(jwt({ sub: 'u1', email: 'lan@example.vn', name: 'Nguyễn Lan', exp: 123, iat: 100 }));
    expect(claims).toMatchObject({ sub: 'u1', email: 'lan@example.vn', name: 'Nguyễn Lan', exp: 123, iat: 100 });
  });

  it('refuses what is not a JWT', () => {
    expect(decodeToken('not-a-token')).toBeNull();
    expect(decodeToken('a.b.c')).toBeNull();
    expect(decodeToken(`x.${Buffer.from('[1]').toString('base64url')}.y`)).toBeNull();
  });

  it('classifies a token by its expiry: missing, malformed, expired, near expiry (< 5 min), valid', () => {
    expect(tokenState(null, NOW)).toBe('missing');
    expect(tokenState('garbage', NOW)).toBe('malformed');
    expect(tokenState(jwt({ exp: inMinutes(0) }), NOW)).toBe('expired');
    expect(tokenState(jwt({ exp: inMinutes(-1) }), NOW)).toBe('expired');
    expect(tokenState(jwt({ exp: inMinutes(4.9) }), NOW)).toBe('near-expiry');
    expect(tokenState(jwt({ exp: inMinutes(5) }), NOW)).toBe('valid');
    expect(tokenState(jwt({ exp: inMinutes(60) }), NOW)).toBe('valid');
    // Without exp the server's check decides.
    expect(tokenState(jwt({ sub: 'u1' }), NOW)).toBe('valid');
  });

  it('builds a display user from the claims', () => {
    expect(userFromClaims({ sub: 'u1', email: 'a@b.vn', role: 'admin' })).toEqual({ id: 'u1', email: 'a@b.vn', name: undefined, role: 'admin' });
    expect(userFromClaims({ sub: 'a@b.vn' })).toMatchObject({ id: 'a@b.vn', email: 'a@b.vn', role: 'user' });
    expect(userFromClaims({ sub: 'u1' })).toBeNull();
  });
});

describe('session', () => {
  it('no token means signed out, without asking the server', async () => {
    const { session, fetchProfile } = setup({});
    expect(session.getState()).toEqual({ status: 'signed-out', user: null });
    await session.validate();
    expect(session.getState().status).toBe('signed-out');
    expect(fetchProfile).not.toHaveBeenCalled();
  });

  it('a valid token plus the profile check means signed in, with the server user cached', async () => {
    const token = jwt({ sub: 'u1', exp: inMinutes(60) });
    const { session, fetchProfile, storage } = setup({ token, cachedUser: cached });
    // Before the answer: checking, the cached user already on screen.
    expect(session.getState()).toEqual({ status: 'checking', user: cached });
    await session.validate();
    expect(fetchProfile).toHaveBeenCalledWith(token);
    expect(session.getState()).toEqual({ status: 'signed-in', user: profile });
    expect(JSON.parse(storage.data.get(USER_STORAGE_KEY)!)).toEqual(profile);
  });

  it('a 401 on the check clears the token and the cached user', async () => {
    const { session, storage, tabStorage } = setup({
      token: jwt({ sub: 'u1', exp: inMinutes(60) }),
      cachedUser: cached,
      fetchProfile: () => Promise.reject(httpError(401)),
    });
    await session.validate();
    expect(session.getState()).toEqual({ status: 'signed-out', user: null });
    expect(storage.data.has(TOKEN_STORAGE_KEY)).toBe(false);
    expect(storage.data.has(USER_STORAGE_KEY)).toBe(false);
    expect(tabStorage.data.get(VALIDATION_FAILURES_KEY)).toBe('1');
  });

  it.each([
    ['offline', new TypeError('Failed to fetch')],
    ['a server error', httpError(503)],
    ['a timeout', new DOMException('timed out', 'TimeoutError')],
  ])('other failures (%s) keep the session and the cached user', async (_label, error) => {
    const token = jwt({ sub: 'u1', exp: inMinutes(60) });
    const { session, storage, tabStorage } = setup({ token, cachedUser: cached, fetchProfile: () => Promise.reject(error) });
    await session.validate();
    expect(session.getState()).toEqual({ status: 'signed-in', user: cached });
    expect(storage.data.get(TOKEN_STORAGE_KEY)).toBe(token);
    expect(tabStorage.data.get(VALIDATION_FAILURES_KEY)).toBe('1');
  });

  it('a token expiring in under 5 minutes skips the check and counts as valid', async () => {
    const { session, fetchProfile } = setup({ token: jwt({ sub: 'u1', exp: inMinutes(4) }), cachedUser: cached });
    expect(session.getState()).toEqual({ status: 'signed-in', user: cached });
    await session.validate();
    expect(fetchProfile).not.toHaveBeenCalled();
    expect(session.getState().status).toBe('signed-in');
  });

  it('an expired token logs out at start-up', async () => {
    const { session, storage, fetchProfile } = setup({ token: jwt({ sub: 'u1', exp: inMinutes(-1) }), cachedUser: cached });
    expect(session.getState()).toEqual({ status: 'signed-out', user: null });
    expect(storage.data.size).toBe(0);
    await session.validate();
    expect(fetchProfile).not.toHaveBeenCalled();
  });

  it('a malformed token logs out', () => {
    const { session, storage } = setup({ token: 'garbage', cachedUser: cached });
    expect(session.getState().status).toBe('signed-out');
    expect(storage.data.size).toBe(0);
  });

  it('a token that expires while signed in logs out by itself', () => {
    vi.useFakeTimers();
    try {
      let clock = NOW;
      const storage = memory();
      const session = createSession({ storage, tabStorage: memory(), fetchProfile: async () => profile, now: () => clock });
      session.signIn(jwt({ sub: 'u1', exp: inMinutes(10) }), profile);
      clock = NOW + 10 * 60_000;
      vi.advanceTimersByTime(10 * 60_000);
      expect(session.getState()).toEqual({ status: 'signed-out', user: null });
      expect(storage.data.has(TOKEN_STORAGE_KEY)).toBe(false);
    } finally {
      vi.useRealTimers();
    }
  });

  it('counts failed checks; from 3 on the cached user is kept without checking (no logout loop)', async () => {
    const token = jwt({ sub: 'u1', exp: inMinutes(60) });
    const fetchProfile = vi.fn<(token: string) => Promise<SessionUser>>(() => Promise.reject(httpError(401)));
    const below = setup({ token, cachedUser: cached, failures: 2, fetchProfile });
    await below.session.validate();
    expect(fetchProfile).toHaveBeenCalledTimes(1);
    expect(below.session.getState().status).toBe('signed-out');
    expect(below.tabStorage.data.get(VALIDATION_FAILURES_KEY)).toBe('3');

    fetchProfile.mockClear();
    const atLimit = setup({ token, cachedUser: cached, failures: 3, fetchProfile });
    expect(atLimit.session.getState()).toEqual({ status: 'signed-in', user: cached });
    await atLimit.session.validate();
    expect(fetchProfile).not.toHaveBeenCalled();
    expect(atLimit.session.getState()).toEqual({ status: 'signed-in', user: cached });
    expect(atLimit.storage.data.get(TOKEN_STORAGE_KEY)).toBe(token);
  });

  it('a successful check resets the count', async () => {
    const { session, tabStorage } = setup({ token: jwt({ sub: 'u1', exp: inMinutes(60) }), failures: 2 });
    await session.validate();
    expect(tabStorage.data.has(VALIDATION_FAILURES_KEY)).toBe(false);
  });

  it('without a cached user, the token claims are shown while checking', () => {
    const { session } = setup({ token: jwt({ sub: 'u9', email: 'mai@example.vn', exp: inMinutes(60) }) });
    expect(session.getState()).toEqual({ status: 'checking', user: { id: 'u9', email: 'mai@example.vn', name: undefined, role: 'user' } });
  });

  it('sign-in stores token and user; logout clears both and notifies', () => {
    const { session, storage, tabStorage } = setup({ failures: 2 });
    const seen: string[] = [];
    session.subscribe((state) => seen.push(state.status));
    const token = jwt({ sub: 'u1', exp: inMinutes(60) });
    session.signIn(token, profile);
    expect(storage.data.get(TOKEN_STORAGE_KEY)).toBe(token);
    expect(JSON.parse(storage.data.get(USER_STORAGE_KEY)!)).toEqual(profile);
    expect(session.getToken()).toBe(token);
    session.signOut();
    expect(storage.data.size).toBe(0);
    expect(tabStorage.data.has(VALIDATION_FAILURES_KEY)).toBe(false);
    expect(seen).toEqual(['signed-in', 'signed-out']);
  });

  it('an explicit logout asks the server to end the session, without waiting for it or minding its failure', async () => {
    const token = jwt({ sub: 'u1', exp: inMinutes(60) });
    const storage = memory({ [TOKEN_STORAGE_KEY]: token, [USER_STORAGE_KEY]: JSON.stringify(profile) });
    const calls: Array<{ token: string; stored: string | undefined }> = [];
    const revokeToken = vi.fn<(token: string) => Promise<unknown>>(async (sent) => {
      calls.push({ token: sent, stored: storage.data.get(TOKEN_STORAGE_KEY) });
      throw new Error('offline');
    });
    const session = createSession({ storage, tabStorage: memory({}), fetchProfile: async () => profile, revokeToken, now: () => NOW });
    session.signOut('logout');
    // Signed out at once, whatever the server call does.
    expect(session.getState().status).toBe('signed-out');
    expect(storage.data.size).toBe(0);
    expect(calls).toEqual([{ token, stored: token }]);
    await Promise.resolve();

    // Automatic sign-outs (expired, refused, another tab) do not call it; nor does a guest.
    const other = createSession({
      storage: memory({ [TOKEN_STORAGE_KEY]: token }),
      tabStorage: memory({}),
      fetchProfile: async () => profile,
      revokeToken,
      now: () => NOW,
    });
    other.signOut('rejected');
    session.signOut('logout');
    expect(revokeToken).toHaveBeenCalledTimes(1);
  });

  it('ignores a check that a sign-in overtook', async () => {
    const pending = Promise.withResolvers<SessionUser>();
    const { session } = setup({ token: jwt({ sub: 'old', exp: inMinutes(60) }), fetchProfile: () => pending.promise });
    const check = session.validate();
    const fresh: SessionUser = { id: 'u2', email: 'new@example.vn', role: 'admin' };
    session.signIn(jwt({ sub: 'u2', exp: inMinutes(60) }), fresh);
    pending.resolve(profile);
    await check;
    expect(session.getState().user).toEqual(fresh);
  });

  it('updateUser replaces the signed-in user and its cache', () => {
    const { session, storage } = setup({});
    session.updateUser(profile);
    expect(session.getState().user).toBeNull();
    session.signIn(jwt({ sub: 'u1', exp: inMinutes(60) }), profile);
    const renamed = { ...profile, name: 'Lan Anh' };
    session.updateUser(renamed);
    expect(session.getState().user).toEqual(renamed);
    expect(JSON.parse(storage.data.get(USER_STORAGE_KEY)!)).toEqual(renamed);
  });

  it('ignores a cached user of the wrong shape', () => {
    const storage = memory({ [TOKEN_STORAGE_KEY]: jwt({ sub: 'u1', exp: inMinutes(60) }), [USER_STORAGE_KEY]: '{"nope":1}' });
    const session = createSession({ storage, tabStorage: memory(), fetchProfile: async () => profile, now: () => NOW });
    expect(session.getState().user).toBeNull();
  });

  it('maps the API user to the session user', () => {
    expect(
      toSessionUser({
        id: 'u1',
        name: 'Lan',
        email: 'lan@example.vn',
        profile_picture: null,
        language: 'vi',
        role: 'admin',
        plan: 'free',
        credits: 5,
        is_verified: true,
        created_at: '2025-01-01T00:00:00Z',
        last_login_at: null,
      }),
    ).toEqual({
      id: 'u1',
      name: 'Lan',
      email: 'lan@example.vn',
      profile_picture: undefined,
      role: 'admin',
      language: 'vi',
      plan: 'free',
      credits: 5,
      is_verified: true,
    });
  });
});
