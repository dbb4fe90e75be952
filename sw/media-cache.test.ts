import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { MediaEntry } from '../src/kernel/media-cache-policy.ts';

const ORIGIN = 'https://atelier.test';

/** Cache Storage as the worker sees it: named caches of URL → response (a deleted cache's object keeps its own copy, as in browsers). */
class MemoryCache {
  readonly responses = new Map<string, Response>();
  async match(key: string | Request) {
    return this.responses.get(typeof key === 'string' ? key : key.url)?.clone();
  }
  async put(key: string | Request, response: Response) {
    this.responses.set(typeof key === 'string' ? key : key.url, response);
  }
  async delete(key: string | Request) {
    return this.responses.delete(typeof key === 'string' ? key : key.url);
  }
  async keys() {
    return [...this.responses.keys()].map((url) => new Request(url));
  }
}
const named = new Map<string, MemoryCache>();
const memoryCaches = {
  async open(name: string) {
    const cache = named.get(name) ?? new MemoryCache();
    named.set(name, cache);
    return cache;
  },
  async delete(name: string) {
    return named.delete(name);
  },
  async keys() {
    return [...named.keys()];
  },
};

/** The records (IndexedDB `atelier-media` in browsers). */
const records = vi.hoisted(() => new Map<string, unknown>());
vi.mock('../src/kernel/media-meta.ts', () => ({
  readMediaEntries: async () => new Map(records as Map<string, MediaEntry>),
  readMediaBudget: async () => 200 * 1024 * 1024,
  writeMediaBudget: async () => undefined,
  writeMediaEntry: async (key: string, entry: unknown) => void records.set(key, entry),
  writeMediaEntries: async (list: Array<[string, unknown]>) => list.forEach(([key, entry]) => records.set(key, entry)),
  deleteMediaEntry: async (key: string) => void records.delete(key),
  deleteMediaEntries: async (keys: string[]) => keys.forEach((key) => records.delete(key)),
  clearMediaStorage: async () => {
    for (const name of await memoryCaches.keys()) if (name.startsWith('atelier-media')) await memoryCaches.delete(name);
    records.clear();
  },
}));

// Workbox's logger touches `self` when it is imported; each test then stubs the worker's own.
(globalThis as { self?: unknown }).self ??= globalThis;
const { createMediaCache } = await import('./media-cache.ts');
const { clearMediaStorage } = await import('../src/kernel/media-meta.ts');

/** What Cache Storage holds across every media cache. */
async function storedUrls(): Promise<string[]> {
  const urls: string[] = [];
  for (const cache of named.values()) urls.push(...(await cache.keys()).map((request) => request.url));
  return urls;
}

/** A same-origin 200 whose body arrives only when `finish` is called (no Content-Length: the worker reads it whole). */
function slowResponse() {
  let finish!: () => void;
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(new Uint8Array([1, 2, 3]));
      finish = () => controller.close();
    },
  });
  const response = new Response(body, { status: 200, headers: { 'content-type': 'image/webp' } });
  Object.defineProperty(response, 'type', { value: 'basic' });
  return { response, finish: () => finish() };
}

function fetchEvent() {
  const waits: Array<Promise<unknown>> = [];
  return { event: { waitUntil: (promise: Promise<unknown>) => void waits.push(promise) } as unknown as ExtendableEvent, waits };
}

const URL_A = `${ORIGIN}/api/media/a1/original`;

beforeEach(() => {
  named.clear();
  records.clear();
  vi.stubGlobal('self', { location: { origin: ORIGIN }, navigator: {} });
  vi.stubGlobal('caches', memoryCaches);
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the media cache and the logout wipe', () => {
  it('stores a full answer, keyed without the query', async () => {
    const media = createMediaCache([ORIGIN]);
    const { response, finish } = slowResponse();
    vi.stubGlobal('fetch', async () => response);
    const { event, waits } = fetchEvent();
    const url = new URL(`${URL_A}?sig=1`);
    await media.handle(new Request(url), url, event);
    finish();
    await Promise.all(waits);
    expect(await storedUrls()).toEqual([URL_A]);
    expect([...records.keys()]).toEqual([URL_A]);
  });

  it('a response still being written when the wipe runs does not land in the cache after it', async () => {
    const media = createMediaCache([ORIGIN]);
    const { response, finish } = slowResponse();
    vi.stubGlobal('fetch', async () => response);
    const { event, waits } = fetchEvent();
    const url = new URL(`${URL_A}?sig=1`);
    await media.handle(new Request(url), url, event);

    // The wipe as logout runs it (src/lib/offline/media-cache.ts clearMediaCache): the page
    // clears the storage, then tells the worker; the body arrives in between.
    await clearMediaStorage();
    const reset = media.reset();
    finish();
    await Promise.all([...waits, reset]);

    expect(await storedUrls()).toEqual([]);
    expect(records.size).toBe(0);
  });

  it('an answer fetched before the wipe and stored after it is dropped', async () => {
    const media = createMediaCache([ORIGIN]);
    const { response, finish } = slowResponse();
    let answer!: (response: Response) => void;
    vi.stubGlobal('fetch', () => new Promise<Response>((resolve) => (answer = resolve)));
    const { event, waits } = fetchEvent();
    const url = new URL(`${URL_A}?sig=1`);
    const handled = media.handle(new Request(url), url, event);
    await vi.waitFor(() => expect(answer).toBeTypeOf('function'));

    await clearMediaStorage();
    await media.reset();
    answer(response);
    await handled;
    finish();
    await Promise.all(waits);

    expect(await storedUrls()).toEqual([]);
    expect(records.size).toBe(0);
  });

  it('stores again after the wipe', async () => {
    const media = createMediaCache([ORIGIN]);
    await media.reset();
    const { response, finish } = slowResponse();
    vi.stubGlobal('fetch', async () => response);
    const { event, waits } = fetchEvent();
    const url = new URL(URL_A);
    await media.handle(new Request(url), url, event);
    finish();
    await Promise.all(waits);
    expect(await storedUrls()).toEqual([URL_A]);
  });
});

/** A same-origin 200 of `bytes` bytes, with its Content-Length. */
function imageResponse(bytes: number) {
  const response = new Response(new Uint8Array(bytes), { status: 200, headers: { 'content-type': 'image/webp', 'content-length': String(bytes) } });
  Object.defineProperty(response, 'type', { value: 'basic' });
  return response;
}

const thumb = (id: string) => `${ORIGIN}/api/media/${id}/thumbnail`;

describe('the pictures a list shows', () => {
  it('fetches and stores the thumbnails and posters not stored yet, keyed without the query, unpinned', async () => {
    const media = createMediaCache([ORIGIN]);
    const asked: string[] = [];
    vi.stubGlobal('fetch', async (url: string) => {
      asked.push(url);
      return imageResponse(10);
    });
    await (await memoryCaches.open('atelier-media-v1')).put(thumb('held'), imageResponse(10));

    const stored = await media.keep([`${thumb('t1')}?sig=1`, `${ORIGIN}/api/media/v1/poster?sig=2`, `${thumb('held')}?sig=3`, `${thumb('t1')}?sig=4`]);

    expect(stored).toBe(2);
    expect(asked.toSorted()).toEqual([`${thumb('t1')}?sig=1`, `${ORIGIN}/api/media/v1/poster?sig=2`].toSorted());
    expect((await storedUrls()).toSorted()).toEqual([`${ORIGIN}/api/media/v1/poster`, thumb('held'), thumb('t1')].toSorted());
    expect((records.get(thumb('t1')) as MediaEntry).pinned).toBe(false);
  });

  it('never fetches a full-size file, nor keeps a picture larger than the listed limit', async () => {
    const media = createMediaCache([ORIGIN]);
    const asked: string[] = [];
    vi.stubGlobal('fetch', async (url: string) => {
      asked.push(url);
      return imageResponse(2 * 1024 * 1024);
    });

    expect(await media.keep([`${ORIGIN}/api/media/a1/original?sig=1`, `${thumb('big')}?sig=2`])).toBe(0);
    expect(asked).toEqual([`${thumb('big')}?sig=2`]);
    expect(await storedUrls()).toEqual([]);
  });

  it('stores nothing from a keep that was under way when the wipe came', async () => {
    const media = createMediaCache([ORIGIN]);
    let answer!: (response: Response) => void;
    vi.stubGlobal('fetch', () => new Promise<Response>((resolve) => (answer = resolve)));
    const kept = media.keep([thumb('t1')]);
    await vi.waitFor(() => expect(answer).toBeTypeOf('function'));
    await clearMediaStorage();
    await media.reset();
    answer(imageResponse(10));
    expect(await kept).toBe(0);
    expect(await storedUrls()).toEqual([]);
  });

  it('an offline keep stores nothing and does not fail', async () => {
    const media = createMediaCache([ORIGIN]);
    vi.stubGlobal('fetch', async () => {
      throw new TypeError('Failed to fetch');
    });
    expect(await media.keep([thumb('t1')])).toBe(0);
    expect(await storedUrls()).toEqual([]);
  });
});
