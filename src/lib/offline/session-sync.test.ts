import { describe, expect, it, vi } from 'vitest';
import { createSession, type KeyValueStorage, type SessionUser } from '../session.ts';
import { connectOfflineSession } from './session-sync.ts';

function memory(): KeyValueStorage {
  const map = new Map<string, string>();
  return { getItem: (k) => map.get(k) ?? null, setItem: (k, v) => void map.set(k, v), removeItem: (k) => void map.delete(k) };
}

const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');

/** An unsigned JWT with the claims the session reads. */
function token(id: string, expSeconds = Math.floor(Date.now() / 1000) + 3600): string {
  return `${encode({ alg: 'none' })}.${encode({ id, email: `${id}@atelier.test`, exp: expSeconds })}.sig`;
}

const user = (id: string): SessionUser => ({ id, email: `${id}@atelier.test`, role: 'user' });

function harness(options: { owner?: string | null; persisted?: string[]; signedInAs?: string; expSeconds?: number; now?: () => number } = {}) {
  const storage = memory();
  if (options.signedInAs) {
    storage.setItem('access_token', token(options.signedInAs, options.expSeconds));
    storage.setItem('auth_user', JSON.stringify(user(options.signedInAs)));
  }
  const session = createSession({ storage, tabStorage: memory(), fetchProfile: async () => user(options.signedInAs ?? 'x'), now: options.now });
  let owner: string | null = options.owner ?? null;
  const calls: string[] = [];
  const sync = connectOfflineSession({
    session,
    wipe: vi.fn<() => Promise<void>>(async () => {
      calls.push('wipe');
      owner = null;
    }),
    owners: async () => options.persisted ?? [],
    readOwner: () => owner,
    writeOwner: (id) => {
      owner = id;
    },
    writeSnapshot: async (snapshot) => void calls.push(`snapshot:${snapshot.userId}`),
    clearSnapshot: async () => void calls.push('clear-snapshot'),
  });
  return { session, sync, calls, owner: () => owner };
}

describe('offline stores follow the session', () => {
  it('copies the session for the service worker at start-up', async () => {
    const { sync, calls, owner } = harness({ signedInAs: 'a' });
    await sync.idle();
    expect(calls).toEqual(['snapshot:a']);
    expect(owner()).toBe('a');
  });

  it('wipes everything on logout, on a refused token and on an expired one', async () => {
    for (const reason of ['logout', 'rejected', 'expired'] as const) {
      const { session, sync, calls, owner } = harness({ signedInAs: 'a' });
      session.signOut(reason);
      await sync.idle();
      expect(calls).toEqual(['snapshot:a', 'wipe']);
      expect(owner()).toBeNull();
    }
  });

  it('another tab signing out takes only the session copy here (that tab wipes)', async () => {
    const { session, sync, calls } = harness({ signedInAs: 'a' });
    session.signOut('external');
    await sync.idle();
    expect(calls).toEqual(['snapshot:a', 'clear-snapshot']);
  });

  it('wipes at start-up when the stored token has expired', async () => {
    const { session, sync, calls, owner } = harness({ signedInAs: 'a', owner: 'a', persisted: ['a'], expSeconds: Math.floor(Date.now() / 1000) - 60 });
    expect(session.getState().status).toBe('signed-out');
    await sync.idle();
    expect(calls).toEqual(['wipe']);
    expect(owner()).toBeNull();
  });

  it('keeps the data at start-up for a token expiring in under 5 minutes (it counts as valid)', async () => {
    const { session, sync, calls, owner } = harness({ signedInAs: 'a', owner: 'a', persisted: ['a'], expSeconds: Math.floor(Date.now() / 1000) + 4 * 60 });
    expect(session.getState().status).toBe('signed-in');
    await sync.idle();
    expect(calls).toEqual(['snapshot:a']);
    expect(owner()).toBe('a');
  });

  it('a guest with no account’s data on the device wipes nothing', async () => {
    const { sync, calls } = harness();
    await sync.idle();
    expect(calls).toEqual([]);
  });

  it('wipes when the token expires while the app is open', async () => {
    vi.useFakeTimers();
    try {
      const { sync, calls } = harness({ signedInAs: 'a', expSeconds: Math.floor(Date.now() / 1000) + 10 * 60 });
      await sync.idle();
      await vi.advanceTimersByTimeAsync(10 * 60_000 + 1_000);
      await sync.idle();
      expect(calls).toEqual(['snapshot:a', 'wipe']);
    } finally {
      vi.useRealTimers();
    }
  });

  it('wipes when the tab comes back after the token expired, before its timer ran', async () => {
    let clock = Date.now();
    const { session, sync, calls } = harness({ signedInAs: 'a', expSeconds: Math.floor(clock / 1000) + 10 * 60, now: () => clock });
    await sync.idle();
    clock += 11 * 60_000;
    await session.validate();
    await sync.idle();
    expect(session.getState().status).toBe('signed-out');
    expect(calls).toEqual(['snapshot:a', 'wipe']);
    session.dispose();
  });

  it('wipes the previous account’s data before another account signs in', async () => {
    // Query data of 'a' with no owner record (an older version wrote none): the start-up keeps it.
    const unowned = harness({ owner: null, persisted: ['a'] });
    unowned.session.signIn(token('b'), user('b'));
    await unowned.sync.idle();
    expect(unowned.calls).toEqual(['wipe', 'snapshot:b']);
    expect(unowned.owner()).toBe('b');

    // Another account signs in over the open session (another tab's sign-in, read from storage).
    const switched = harness({ signedInAs: 'a', owner: 'a', persisted: ['a'] });
    switched.session.signIn(token('b'), user('b'));
    await switched.sync.idle();
    expect(switched.calls).toEqual(['snapshot:a', 'wipe', 'snapshot:b']);
    expect(switched.owner()).toBe('b');
  });

  it('does not wipe when the same account signs in again', async () => {
    const { session, sync, calls } = harness({ signedInAs: 'a', owner: 'a', persisted: ['a'] });
    session.signIn(token('a', Math.floor(Date.now() / 1000) + 7200), user('a'));
    await sync.idle();
    expect(calls).toEqual(['snapshot:a', 'snapshot:a']);
  });

  it('rewrites the copy when the token changes, and only then', async () => {
    const { session, sync, calls } = harness({ signedInAs: 'a' });
    session.updateUser({ ...user('a'), credits: 3 });
    session.signIn(token('a', Math.floor(Date.now() / 1000) + 7200), user('a'));
    await sync.idle();
    expect(calls).toEqual(['snapshot:a', 'snapshot:a']);
  });
});
