import { afterEach, describe, expect, it, vi } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import { createListedMediaKeeper, listedMediaPaths } from './listed-media.ts';

const ORIGIN = 'https://atelier.test';

/** Media links as the API gives them: a path with a signature. */
const asset = (id: string, video = false) => ({
  id,
  url: `/api/media/${id}/original?sig=${id}`,
  thumbnail_url: `/api/media/${id}/thumbnail?sig=${id}`,
  poster_url: video ? `/api/media/${id}/poster?sig=${id}` : null,
});
const job = (id: string, inputs: string[]) => ({ id, results: [asset(`r-${id}`)], inputs: Object.fromEntries(inputs.map((input) => [input, asset(input)])) });

function keeper(options: { online?: boolean; user?: string | null } = {}) {
  const sent: string[][] = [];
  let user = options.user === undefined ? 'u1' : options.user;
  const instance = createListedMediaKeeper({
    send: async (paths) => void sent.push(paths),
    currentUserId: () => user,
    isOnline: () => options.online ?? true,
    toUrl: (path) => new URL(path, ORIGIN).href,
    delayMs: 10,
  });
  return { instance, sent, setUser: (next: string | null) => (user = next) };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('the pictures of what a screen lists', () => {
  it('finds every thumbnail and poster in a page of jobs (results and inputs), never a full-size link', () => {
    const page = { items: [job('a', ['model', 'garment']), { ...job('b', []), results: [asset('v1', true)] }], next_cursor: null };
    expect(listedMediaPaths(page)).toEqual([
      '/api/media/r-a/thumbnail?sig=r-a',
      '/api/media/model/thumbnail?sig=model',
      '/api/media/garment/thumbnail?sig=garment',
      '/api/media/v1/thumbnail?sig=v1',
      '/api/media/v1/poster?sig=v1',
    ]);
  });

  it('sends the pictures of every page of a list once, in one message, as absolute links', async () => {
    vi.useFakeTimers();
    const { instance, sent } = keeper();
    const first = { items: Array.from({ length: 15 }, (_, k) => asset(`a${k}`)) };
    instance.add({ pages: [first], pageParams: [null] });
    // The same page again (a re-render of the list, a refetch that returned the same object) adds nothing.
    instance.add({ pages: [first], pageParams: [null] });
    await vi.advanceTimersByTimeAsync(20);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toHaveLength(15);
    expect(sent[0]![14]).toBe(`${ORIGIN}/api/media/a14/thumbnail?sig=a14`);

    instance.add({ pages: [first, { items: [asset('b0')] }], pageParams: [null, 'c1'] });
    await vi.advanceTimersByTimeAsync(20);
    expect(sent[1]).toEqual([`${ORIGIN}/api/media/b0/thumbnail?sig=b0`]);
  });

  it('keeps nothing offline or for a guest; starts over for another account and after a logout', async () => {
    const offline = keeper({ online: false });
    offline.instance.add({ items: [asset('a')] });
    await offline.instance.flush();
    expect(offline.sent).toEqual([]);

    const guest = keeper({ user: null });
    guest.instance.add({ items: [asset('a')] });
    await guest.instance.flush();
    expect(guest.sent).toEqual([]);

    const { instance, sent, setUser } = keeper();
    instance.add({ items: [asset('a')] });
    await instance.flush();
    setUser('u2');
    instance.add({ items: [asset('a')] });
    await instance.flush();
    expect(sent).toHaveLength(2);

    // A logout wipes the cache: the same account signing in again has its lists kept again.
    setUser(null);
    instance.add({ items: [asset('a')] });
    setUser('u2');
    instance.add({ items: [asset('a')] });
    await instance.flush();
    expect(sent).toHaveLength(3);
  });

  it('sends again what could not be sent (no service worker yet)', async () => {
    let fail = true;
    const sent: string[][] = [];
    const instance = createListedMediaKeeper({
      send: async (paths) => {
        if (fail) throw new Error('no worker');
        sent.push(paths);
      },
      currentUserId: () => 'u1',
      isOnline: () => true,
      toUrl: (path) => new URL(path, ORIGIN).href,
    });
    instance.add({ items: [asset('a')] });
    await instance.flush();
    fail = false;
    instance.add({ items: [asset('a')] });
    await instance.flush();
    expect(sent).toEqual([[`${ORIGIN}/api/media/a/thumbnail?sig=a`]]);
  });

  it('follows the saved queries of a query client, not the others', async () => {
    const { instance, sent } = keeper();
    const client = new QueryClient();
    // A list that arrived before the keeper was attached is taken too.
    client.setQueryData(['generations', 'merged'], { items: [asset('early')] });
    const stop = instance.attach(client);
    client.setQueryData(['assets', 'list'], { items: [asset('a')] });
    client.setQueryData(['billing', 'plans'], { items: [asset('b')] });
    await instance.flush();
    stop();
    expect(sent).toEqual([[`${ORIGIN}/api/media/early/thumbnail?sig=early`, `${ORIGIN}/api/media/a/thumbnail?sig=a`]]);
  });
});
