import { afterEach, describe, expect, it, vi } from 'vitest';
import type { InfiniteData } from '@tanstack/react-query';
import type { Feature } from '../../contract/tools.ts';
import type { Generation } from '../../contract/generations.schema.ts';
import type { GenerationStatus } from '../../contract/generations.ts';
import { generationKeys, type MergedListFilter } from './api.ts';
import { fetchMergedGenerationPage, listOrder, mergedGenerationsInfiniteQueryOptions, type MergeCursor, type MergedGenerationPage } from './merged-list.ts';
import { recordNewGeneration } from './cache.ts';
import { jsonResponse, makeGeneration } from '../../../tests/fixtures/test-data.ts';
import { createTestQueryClient } from '../../../tests/fixtures/query-client.ts';

/**
 * A server of `jobs` with the real list's rules: filtered by one feature and one status, newest
 * first (created_at, then id), `limit` per page, an opaque cursor.
 */
function fakeServer(jobs: Generation[]) {
  const sorted = jobs.toSorted(listOrder);
  const calls: URL[] = [];
  const fetchMock = vi.fn<typeof fetch>(async (input) => {
    const url = new URL(String(input), 'http://localhost');
    calls.push(url);
    const feature = url.searchParams.get('feature');
    const status = url.searchParams.get('status');
    const limit = Number(url.searchParams.get('limit') ?? 20);
    const start = Number(url.searchParams.get('cursor') ?? 0);
    const matching = sorted.filter((job) => (!feature || job.feature === feature) && (!status || job.status === status));
    const items = matching.slice(start, start + limit);
    const next = start + limit < matching.length ? String(start + limit) : null;
    return jsonResponse({ items, next_cursor: next });
  });
  vi.stubGlobal('fetch', fetchMock);
  return { calls, sorted };
}

const FEATURES: Feature[] = ['upscaler-image', 'upscaler-video', 'body-generator'];
const STATUSES: GenerationStatus[] = ['completed', 'failed', 'cancelled', 'queued'];

/** 60 jobs over a few hours, features and statuses spread unevenly, some sharing a timestamp. */
function dataset(): Generation[] {
  return Array.from({ length: 60 }, (_, index) =>
    makeGeneration({
      id: `job-${String(index).padStart(3, '0')}`,
      feature: FEATURES[(index * 7) % 3 === 0 ? 0 : index % 5 === 0 ? 1 : 2]!,
      status: STATUSES[(index * 3) % 4]!,
      // Every third job shares its minute with the next one: the id breaks the tie.
      created_at: new Date(Date.UTC(2025, 0, 1, 0, Math.floor(index / 3) * 3 + (index % 3 === 2 ? 1 : 0))).toISOString(),
    }),
  );
}

/** `minute` minutes after midnight, 1 January 2025 (UTC). */
function at(minute: number): string {
  return new Date(Date.UTC(2025, 0, 1, 0, minute)).toISOString();
}

async function readAll(filter: MergedListFilter) {
  const pages: MergedGenerationPage[] = [];
  let cursor: MergeCursor | null = null;
  do {
    const page: MergedGenerationPage = await fetchMergedGenerationPage(filter, cursor);
    pages.push(page);
    cursor = page.next;
    // JSON, as the query persister stores it.
    if (cursor) cursor = JSON.parse(JSON.stringify(cursor)) as MergeCursor;
  } while (cursor && pages.length < 100);
  return pages;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('fetchMergedGenerationPage', () => {
  it('gives the union of several features and statuses in the server order, without gaps or repeats', async () => {
    const { sorted } = fakeServer(dataset());
    const filter = { features: ['upscaler-image', 'upscaler-video'] as Feature[], statuses: ['failed', 'cancelled'] as GenerationStatus[], limit: 4 };
    const pages = await readAll(filter);
    const expected = sorted.filter((job) => filter.features.includes(job.feature) && filter.statuses.includes(job.status)).map((job) => job.id);
    expect(expected.length).toBeGreaterThan(8);
    expect(pages.flatMap((page) => page.items.map((job) => job.id))).toEqual(expected);
    // Full pages but the last.
    expect(pages.slice(0, -1).every((page) => page.items.length === 4)).toBe(true);
    expect(pages.at(-1)?.items.length).toBeGreaterThan(0);
    expect(pages.at(-1)?.next).toBeNull();
  });

  it('holds back read items that an unread page of another stream may precede', async () => {
    // Minutes after 00:00: the image stream has one new job then old ones; the video stream a run in between.
    const image = [100, 60, 59, 58, 57].map((minute) =>
      makeGeneration({ id: `image-${minute}`, feature: 'upscaler-image', status: 'completed', created_at: at(minute) }),
    );
    const video = [99, 98, 97, 96, 95, 94, 93].map((minute) =>
      makeGeneration({ id: `video-${minute}`, feature: 'upscaler-video', status: 'completed', created_at: at(minute) }),
    );
    fakeServer([...image, ...video]);
    const pages = await readAll({ features: ['upscaler-image', 'upscaler-video'], limit: 3 });
    // After the first page the video stream has one read item left and more unread: the image
    // stream's read items (60, 59) wait until the video stream was read further.
    expect(pages[1]?.items.map((job) => job.id)).toEqual(['video-97', 'video-96', 'video-95']);
    expect(pages.map((page) => page.items.length)).toEqual([3, 3, 3, 3]);
    expect(pages.flatMap((page) => page.items.map((job) => job.id))).toEqual([...image, ...video].toSorted(listOrder).map((job) => job.id));
  });

  it('asks the server once per feature × status for the first page, with the page size', async () => {
    const { calls } = fakeServer(dataset());
    await fetchMergedGenerationPage({ features: ['upscaler-video', 'upscaler-image'], statuses: ['queued', 'processing'], limit: 5 }, null);
    const asked = calls.map((url) => `${url.pathname}?${url.searchParams.toString()}`).toSorted();
    expect(asked).toEqual([
      '/api/generations?feature=upscaler-image&status=processing&limit=5',
      '/api/generations?feature=upscaler-image&status=queued&limit=5',
      '/api/generations?feature=upscaler-video&status=processing&limit=5',
      '/api/generations?feature=upscaler-video&status=queued&limit=5',
    ]);
  });

  it('reads one unfiltered list when the filter names nothing, and passes its pages through', async () => {
    const { calls, sorted } = fakeServer(dataset());
    const pages = await readAll({ limit: 25 });
    expect(pages.map((page) => page.items.length)).toEqual([25, 25, 10]);
    expect(pages.flatMap((page) => page.items)).toEqual(sorted);
    expect(calls.map((url) => url.searchParams.get('cursor'))).toEqual([null, '25', '50']);
  });

  it('reads a stream only as far as the pages shown need', async () => {
    const jobs = [
      ...Array.from({ length: 10 }, (_, index) =>
        makeGeneration({
          id: `new-${index}`,
          feature: 'upscaler-image',
          status: 'completed',
          created_at: `2025-01-02T10:${String(59 - index).padStart(2, '0')}:00.000Z`,
        }),
      ),
      ...Array.from({ length: 10 }, (_, index) =>
        makeGeneration({
          id: `old-${index}`,
          feature: 'upscaler-video',
          status: 'completed',
          created_at: `2025-01-01T10:${String(59 - index).padStart(2, '0')}:00.000Z`,
        }),
      ),
    ];
    const { calls } = fakeServer(jobs);
    const first = await fetchMergedGenerationPage({ features: ['upscaler-image', 'upscaler-video'], limit: 3 }, null);
    expect(first.items.map((job) => job.id)).toEqual(['new-0', 'new-1', 'new-2']);
    const second = await fetchMergedGenerationPage({ features: ['upscaler-image', 'upscaler-video'], limit: 3 }, first.next);
    expect(second.items.map((job) => job.id)).toEqual(['new-3', 'new-4', 'new-5']);
    // The video stream's first page is held, not read again; the image stream was read twice.
    expect(calls.filter((url) => url.searchParams.get('feature') === 'upscaler-video')).toHaveLength(1);
    expect(calls.filter((url) => url.searchParams.get('feature') === 'upscaler-image')).toHaveLength(2);
  });
});

describe('mergedGenerationsInfiniteQueryOptions', () => {
  it('keys by the filter in a stable order, under the lists every mutation refreshes', () => {
    const a = mergedGenerationsInfiniteQueryOptions({ features: ['upscaler-video', 'upscaler-image'], statuses: ['failed', 'cancelled'], limit: 20 }).queryKey;
    const b = mergedGenerationsInfiniteQueryOptions({ features: ['upscaler-image', 'upscaler-video'], statuses: ['cancelled', 'failed'], limit: 20 }).queryKey;
    expect(a).toEqual(b);
    expect(a).toEqual(['generations', 'list', 'merged', { features: ['upscaler-image', 'upscaler-video'], statuses: ['cancelled', 'failed'], limit: 20 }]);
    expect(a.slice(0, 2)).toEqual([...generationKeys.lists()]);
    expect(mergedGenerationsInfiniteQueryOptions({}).queryKey).toEqual(['generations', 'list', 'merged', { features: [], statuses: [] }]);
  });

  it('a new job goes at the top of the merged lists it belongs to, and only those', () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse({ credits: 4 })),
    );
    const client = createTestQueryClient();
    const existing = makeGeneration({ id: 'old', feature: 'body-generator', status: 'completed' });
    const seed = (filter: MergedListFilter) => {
      const key = generationKeys.merged(filter);
      client.setQueryData<InfiniteData<MergedGenerationPage>>(key, { pages: [{ items: [existing], next: null }], pageParams: [null] });
      return key;
    };
    const all = seed({ limit: 20 });
    const body = seed({ features: ['body-generator'], limit: 20 });
    const running = seed({ statuses: ['queued', 'processing'], limit: 20 });
    const failed = seed({ statuses: ['failed', 'cancelled'], limit: 20 });
    const video = seed({ features: ['image-to-video'], limit: 20 });

    recordNewGeneration(client, makeGeneration({ id: 'new', feature: 'body-generator', status: 'queued' }));
    const ids = (key: readonly unknown[]) => client.getQueryData<InfiniteData<MergedGenerationPage>>(key)?.pages[0]?.items.map((job) => job.id);
    expect(ids(all)).toEqual(['new', 'old']);
    expect(ids(body)).toEqual(['new', 'old']);
    expect(ids(running)).toEqual(['new', 'old']);
    expect(ids(failed)).toEqual(['old']);
    expect(ids(video)).toEqual(['old']);
  });
});
