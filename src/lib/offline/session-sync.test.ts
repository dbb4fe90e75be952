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

function harness(options: { owner?: string | null; persisted?: string[]; signedInAs?: string } = {}) {
  const storage = memory();
  if (options.signedInAs) {
    storage.setItem('access_token', token(options.signedInAs));
    storage.setItem('auth_user', JSON.stringify(user(options.signedInAs)));
  }
  const session = createSession({ storage, tabStorage: memory(), fetchProfile: async () => user(options.signedInAs ?? 'x') });
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

  it('wipes everything on logout and on a refused token', async () => {
    for (const reason of ['logout', 'rejected'] as const) {
      const { session, sync, calls } = harness({ signedInAs: 'a' });
      session.signOut(reason);
      await sync.idle();
      expect(calls).toEqual(['snapshot:a', 'wipe']);
    }
  });

  it('keeps the data when the token merely expired (only the session copy goes)', async () => {
    const { session, sync, calls, owner } = harness({ signedInAs: 'a' });
    session.signOut('expired');
    await sync.idle();
    expect(calls).toEqual(['snapshot:a', 'clear-snapshot']);
    expect(owner()).toBe('a');
  });

  it('wipes the previous account’s data before another account signs in', async () => {
    const { session, sync, calls, owner } = harness({ owner: 'a', persisted: ['a'] });
    session.signIn(token('b'), user('b'));
    await sync.idle();
    expect(calls).toEqual(['wipe', 'snapshot:b']);
    expect(owner()).toBe('b');
  });

  it('does not wipe when the same account signs in again', async () => {
    const { session, sync, calls } = harness({ owner: 'a', persisted: ['a'] });
    session.signIn(token('a'), user('a'));
    await sync.idle();
    expect(calls).toEqual(['snapshot:a']);
  });

  it('rewrites the copy when the token changes, and only then', async () => {
    const { session, sync, calls } = harness({ signedInAs: 'a' });
    session.updateUser({ ...user('a'), credits: 3 });
    session.signIn(token('a', Math.floor(Date.now() / 1000) + 7200), user('a'));
    await sync.idle();
    expect(calls).toEqual(['snapshot:a', 'snapshot:a']);
  });
});
