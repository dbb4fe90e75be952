// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import { act, waitFor } from '@testing-library/react';
import { QueryObserver } from '@tanstack/react-query';
import type { Generation, GenerationRequest } from '../../contract/generations.schema.ts';
import { ApiError } from '../../lib/api.ts';
import { authKeys } from '../auth/api.ts';
import { generationKeys, generationListPath, newIdempotencyKey, pollInterval, POLL_HIDDEN_MS, POLL_VISIBLE_MS } from './api.ts';
import { generationQueryOptions } from './cache.ts';
import { useCancelGeneration, useSubmitGeneration } from './mutations.ts';
import { jsonResponse, makeAsset, makeGeneration } from '../../../tests/fixtures/test-data.ts';
import { createTestQueryClient } from '../../../tests/fixtures/query-client.ts';
import { renderHookWithProviders } from '../../../tests/fixtures/render.tsx';

const request: GenerationRequest = {
  feature: 'virtual-tryon',
  inputs: { model: 'asset-1', garments: [{ asset_id: 'asset-2', category: 'tops' }] },
  params: {},
};

function testClient() {
  // No waiting between the resends of a failed submit: the tests count them, not the delay.
  return createTestQueryClient({ mutations: { retryDelay: 0 } });
}

/** The Idempotency-Key of each POST the mocked fetch received. */
function sentKeys(fetchMock: Mock<typeof fetch>): (string | undefined)[] {
  return fetchMock.mock.calls
    .filter(([, init]) => (init as RequestInit | undefined)?.method === 'POST')
    .map(([, init]) => ((init as RequestInit).headers as Record<string, string>)['Idempotency-Key']);
}

const unavailable = () => jsonResponse({ detail: 'Service unavailable' }, 503);

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('pollInterval', () => {
  it('polls a running job fast while visible and slowly while hidden', () => {
    expect(pollInterval(makeGeneration({ status: 'queued' }), null, false)).toBe(POLL_VISIBLE_MS);
    expect(pollInterval(makeGeneration({ status: 'processing' }), null, true)).toBe(POLL_HIDDEN_MS);
    expect(pollInterval(undefined, null, false)).toBe(POLL_VISIBLE_MS);
  });

  it('stops at every terminal state and after a 4xx, not after a lost connection', () => {
    for (const status of ['completed', 'failed', 'cancelled'] as const) expect(pollInterval(makeGeneration({ status }), null, false)).toBe(false);
    expect(pollInterval(makeGeneration({ status: 'processing' }), new ApiError('Generation not found.', 404, {}), false)).toBe(false);
    expect(pollInterval(makeGeneration({ status: 'processing' }), new ApiError('busy', 429, {}), false)).toBe(POLL_VISIBLE_MS);
    expect(pollInterval(makeGeneration({ status: 'processing' }), new TypeError('Failed to fetch'), false)).toBe(POLL_VISIBLE_MS);
  });
});

describe('generationQueryOptions', () => {
  it('polls while queued and processing, stops once completed, and updates the other caches', async () => {
    vi.useFakeTimers();
    const answers: Generation[] = [
      makeGeneration({ status: 'processing', stage: 'analyzingPose', progress: 20 }),
      makeGeneration({ status: 'processing', stage: 'generatingResult', progress: 80 }),
      makeGeneration({ status: 'completed', stage: null, progress: 100, results: [makeAsset({ id: 'result-1', source: 'generation' })] }),
    ];
    const fetchMock = vi.fn<typeof fetch>(async () => jsonResponse(answers.shift() ?? makeGeneration({ status: 'completed' })));
    vi.stubGlobal('fetch', fetchMock);

    const client = testClient();
    const queued = makeGeneration({ status: 'queued' });
    client.setQueryData(generationKeys.pending(), [queued, makeGeneration({ id: 'job-2', feature: 'hairstyle-changer' })]);
    client.setQueryData(authKeys.profile(), { credits: 5 });
    const observer = new QueryObserver(client, generationQueryOptions('job-1'));
    const seen: string[] = [];
    const unsubscribe = observer.subscribe((result) => {
      if (result.data) seen.push(`${result.data.status}:${result.data.progress}`);
    });

    await vi.advanceTimersByTimeAsync(0);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(POLL_VISIBLE_MS);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(POLL_VISIBLE_MS);
    expect(fetchMock).toHaveBeenCalledTimes(3);
    // Completed: no more requests however long the screen stays open.
    await vi.advanceTimersByTimeAsync(POLL_HIDDEN_MS * 5);
    expect(fetchMock).toHaveBeenCalledTimes(3);
    expect(seen.at(-1)).toBe('completed:100');
    expect(String(fetchMock.mock.calls[0]?.[0])).toBe('/api/generations/job-1');

    // It left the pending list; the balance is read again (charged).
    expect(client.getQueryData<Generation[]>(generationKeys.pending())?.map((job) => job.id)).toEqual(['job-2']);
    expect(client.getQueryState(authKeys.profile())?.isInvalidated).toBe(true);
    unsubscribe();
  });

  it('stops polling a job that is gone (404)', async () => {
    vi.useFakeTimers();
    const fetchMock = vi.fn<typeof fetch>(async () => jsonResponse({ message: 'Generation not found.', code: 'notFound' }, 404));
    vi.stubGlobal('fetch', fetchMock);
    const client = testClient();
    const observer = new QueryObserver(client, generationQueryOptions('gone'));
    const unsubscribe = observer.subscribe(() => undefined);
    await vi.advanceTimersByTimeAsync(POLL_VISIBLE_MS * 4);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    unsubscribe();
  });
});

describe('useSubmitGeneration: one Idempotency-Key per intent', () => {
  beforeEach(() => {
    vi.stubGlobal('crypto', {
      randomUUID: (() => {
        let n = 0;
        return () => `key-${++n}`;
      })(),
      getRandomValues: crypto.getRandomValues.bind(crypto),
    });
  });

  it('resends a lost submit with the same key, and a new click gets a new key', async () => {
    const fetchMock = vi
      .fn<typeof fetch>()
      .mockRejectedValueOnce(new TypeError('Failed to fetch'))
      .mockResolvedValueOnce(jsonResponse(makeGeneration({ id: 'job-1' }), 202))
      .mockResolvedValueOnce(jsonResponse(makeGeneration({ id: 'job-2' }), 202));
    vi.stubGlobal('fetch', fetchMock);
    const client = testClient();
    const { result } = renderHookWithProviders(() => useSubmitGeneration(), { client });

    let first: Generation | undefined;
    await act(async () => {
      first = await result.current.submit(request);
    });
    expect(first?.id).toBe('job-1');
    expect(sentKeys(fetchMock)).toEqual(['key-1', 'key-1']);
    // The new job is in its own cache entry at once.
    expect(client.getQueryData<Generation>(generationKeys.detail('job-1'))?.status).toBe('queued');

    await act(async () => {
      await result.current.submit(request);
    });
    expect(sentKeys(fetchMock)).toEqual(['key-1', 'key-1', 'key-2']);
  });

  it('Try Again after a failed submit reuses its key; the next click does not', async () => {
    const fetchMock = vi
      .fn<typeof fetch>()
      .mockResolvedValueOnce(unavailable())
      .mockResolvedValueOnce(unavailable())
      .mockResolvedValueOnce(unavailable())
      .mockResolvedValueOnce(jsonResponse(makeGeneration({ id: 'job-1' }), 200))
      .mockResolvedValueOnce(jsonResponse(makeGeneration({ id: 'job-2' }), 202));
    vi.stubGlobal('fetch', fetchMock);
    const { result } = renderHookWithProviders(() => useSubmitGeneration(), { client: testClient() });

    await act(async () => {
      await expect(result.current.submit(request)).rejects.toMatchObject({ status: 503 });
    });
    // One click: the first send and SUBMIT_RETRIES automatic resends, all with its key.
    expect(sentKeys(fetchMock)).toEqual(['key-1', 'key-1', 'key-1']);
    await act(async () => {
      await expect(result.current.retry()).resolves.toMatchObject({ id: 'job-1' });
    });
    expect(sentKeys(fetchMock)).toEqual(['key-1', 'key-1', 'key-1', 'key-1']);
    await act(async () => {
      await result.current.submit(request);
    });
    expect(sentKeys(fetchMock)).toEqual(['key-1', 'key-1', 'key-1', 'key-1', 'key-2']);
  });

  it('does not resend a refused submit, and a double tap is one intent', async () => {
    let release: ((response: Response) => void) | undefined;
    const fetchMock = vi
      .fn<typeof fetch>()
      .mockResolvedValueOnce(jsonResponse({ detail: 'Please select a model first.', code: 'modelFirst' }, 422))
      .mockImplementationOnce(() => new Promise<Response>((resolve) => (release = resolve)));
    vi.stubGlobal('fetch', fetchMock);
    const { result } = renderHookWithProviders(() => useSubmitGeneration(), { client: testClient() });

    await act(async () => {
      await expect(result.current.submit(request)).rejects.toMatchObject({ status: 422 });
    });
    expect(sentKeys(fetchMock)).toEqual(['key-1']);

    let taps: Promise<Generation>[] = [];
    act(() => {
      taps = [result.current.submit(request), result.current.submit(request)];
    });
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(2));
    release?.(jsonResponse(makeGeneration({ id: 'job-9' }), 202));
    await act(async () => {
      await expect(Promise.all(taps)).resolves.toEqual([expect.objectContaining({ id: 'job-9' }), expect.objectContaining({ id: 'job-9' })]);
    });
    expect(sentKeys(fetchMock)).toEqual(['key-1', 'key-2']);
  });
});

describe('newIdempotencyKey', () => {
  it('builds a v4 UUID without randomUUID (plain http on a LAN)', () => {
    const real = globalThis.crypto;
    vi.stubGlobal('crypto', { getRandomValues: real.getRandomValues.bind(real) });
    const key = newIdempotencyKey();
    expect(key).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(newIdempotencyKey()).not.toBe(key);
  });
});

describe('useCancelGeneration', () => {
  it('stores the cancelled job and takes it off the pending list', async () => {
    const cancelled = makeGeneration({ status: 'cancelled', stage: null, error: { code: 'cancelled', message: 'Generation cancelled.' } });
    const fetchMock = vi.fn<typeof fetch>(async () => jsonResponse(cancelled));
    vi.stubGlobal('fetch', fetchMock);
    const client = testClient();
    client.setQueryData(generationKeys.pending(), [makeGeneration()]);
    const { result } = renderHookWithProviders(() => useCancelGeneration(), { client });
    await act(async () => {
      await result.current.mutateAsync('job-1');
    });
    expect(String(fetchMock.mock.calls[0]?.[0])).toBe('/api/generations/job-1/cancel');
    expect(client.getQueryData<Generation>(generationKeys.detail('job-1'))?.status).toBe('cancelled');
    await waitFor(() => expect(client.getQueryData<Generation[]>(generationKeys.pending())).toEqual([]));
  });
});

describe('generationListPath', () => {
  it('puts only the filters given, and the cursor', () => {
    expect(generationListPath({}, null)).toBe('/api/generations');
    expect(generationListPath({ feature: 'upscaler-video', limit: 10 }, 'abc')).toBe('/api/generations?feature=upscaler-video&limit=10&cursor=abc');
  });
});
