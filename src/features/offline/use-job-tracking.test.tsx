// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, waitFor } from '@testing-library/react';
import type { InfiniteData } from '@tanstack/react-query';
import type { UseStore } from 'idb-keyval';
import type { Generation, GenerationPage } from '../../contract/generations.schema.ts';
import { generationKeys } from '../generations/api.ts';
import { jsonResponse, makeAsset, makeGeneration } from '../../../tests/fixtures/test-data.ts';
import type { FakeIdbStore } from '../../../tests/fixtures/fake-idb-store.ts';
import { createTestQueryClient } from '../../../tests/fixtures/query-client.ts';
import { renderWithProviders } from '../../../tests/fixtures/render.tsx';

// The watch list on an in-memory IndexedDB.
const fake = vi.hoisted(() => ({ current: null as FakeIdbStore | null }));
vi.mock('idb-keyval', async (importOriginal) => ({
  ...(await importOriginal<typeof import('idb-keyval')>()),
  createStore: () => ((...args: Parameters<UseStore>) => fake.current!.store(...args)) as UseStore,
}));
const push = vi.hoisted(() => vi.fn<(url: string) => void>());
vi.mock('@tanstack/react-router', () => ({ useRouter: () => ({ history: { push } }) }));

const { fakeIdbStore } = await import('../../../tests/fixtures/fake-idb-store.ts');
const { useJobTracking } = await import('./use-job-tracking.ts');
const { getWatched, watchJob } = await import('../../kernel/job-watch.ts');

function Tracker() {
  useJobTracking('u1');
  return null;
}

/** A service worker container the page can listen to and the test can speak through. */
function workerContainer() {
  const container = Object.assign(new EventTarget(), {
    startMessages: vi.fn<() => void>(),
    ready: new Promise<never>(() => undefined),
    getRegistration: async () => undefined,
  });
  Object.defineProperty(navigator, 'serviceWorker', { value: container, configurable: true });
  return container;
}

const running = makeGeneration({ id: 'g1', feature: 'image-to-video', status: 'processing', stage: 'renderingFrames' });
const done = makeGeneration({
  ...running,
  status: 'completed',
  stage: null,
  progress: 100,
  results: [makeAsset({ id: 'r1', source: 'generation', thumbnail_url: '/api/media/r1/thumbnail?sig=1' })],
  finished_at: '2025-05-01T10:02:00.000Z',
});

function setup() {
  const client = createTestQueryClient();
  const list: InfiniteData<GenerationPage> = { pages: [{ items: [running], next_cursor: null }], pageParams: [null] };
  client.setQueryData(generationKeys.list({ feature: 'image-to-video' }), list);
  renderWithProviders(<Tracker />, { client });
  return client;
}

beforeEach(() => {
  fake.current = fakeIdbStore();
  push.mockClear();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('job tracking in the open app', () => {
  it('records a watched job that left the pending list, and refreshes what shows it', async () => {
    workerContainer();
    await watchJob({ id: 'g1', userId: 'u1', feature: 'image-to-video', locale: 'vi', submittedAt: Date.now() });
    const fetchMock = vi.fn<(input: RequestInfo | URL) => Promise<Response>>(async (input) => {
      const url = String(input);
      if (url.endsWith('/api/generations/pending')) return jsonResponse({ items: [], next_cursor: null });
      if (url.endsWith('/api/generations/g1')) return jsonResponse(done);
      return jsonResponse({ balance: 5 });
    });
    vi.stubGlobal('fetch', fetchMock);
    const client = setup();

    await waitFor(async () =>
      expect(await getWatched('g1')).toMatchObject({ status: 'completed', thumbnailPath: '/api/media/r1/thumbnail?sig=1', notified: false }),
    );
    expect(client.getQueryData<Generation>(generationKeys.detail('g1'))?.status).toBe('completed');
    // The lists show the end at once (and are refetched).
    const listed = client.getQueryData<InfiniteData<GenerationPage>>(generationKeys.list({ feature: 'image-to-video' }))?.pages[0]?.items[0];
    expect(listed?.status).toBe('completed');
  });

  it('does not poll the pending list when nothing is watched', async () => {
    workerContainer();
    const fetchMock = vi.fn<(input: RequestInfo | URL) => Promise<Response>>(async () => jsonResponse({ items: [], next_cursor: null }));
    vi.stubGlobal('fetch', fetchMock);
    setup();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(fetchMock.mock.calls.map(([input]) => String(input)).filter((url) => url.includes('/pending'))).toEqual([]);
  });

  it('opens the result the worker names (a notification click) with the router', async () => {
    const container = workerContainer();
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse({ items: [], next_cursor: null })),
    );
    setup();
    await waitFor(() => expect(container.startMessages).toHaveBeenCalled());
    container.dispatchEvent(new MessageEvent('message', { data: { type: 'atelier:jobs:open', url: '/history?job=g1' } }));
    expect(push).toHaveBeenCalledWith('/history?job=g1');
    // Only paths of this app.
    container.dispatchEvent(new MessageEvent('message', { data: { type: 'atelier:jobs:open', url: 'https://elsewhere.example/' } }));
    expect(push).toHaveBeenCalledTimes(1);
  });
});
