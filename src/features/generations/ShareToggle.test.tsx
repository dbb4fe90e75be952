// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { useQuery, type InfiniteData } from '@tanstack/react-query';
import { i18n } from '@lingui/core';
import type { Generation, GenerationPage } from '../../contract/generations.schema.ts';
import { dashboardKeys } from './dashboard-keys.ts';
import { generationKeys } from './api.ts';
import { generationQueryOptions } from './cache.ts';
import { jsonResponse, makeAsset, makeGeneration } from '../../../tests/fixtures/test-data.ts';
import { createTestQueryClient } from '../../../tests/fixtures/query-client.ts';
import { ShareToggle } from './ShareToggle.tsx';
import { renderWithProviders } from '../../../tests/fixtures/render.tsx';

type Toast = (title: string, options?: { description?: string }) => void;
const notify = vi.hoisted(() => ({ success: vi.fn<Toast>(), error: vi.fn<Toast>() }));
vi.mock('../../lib/toast.ts', () => ({ notify }));

const completed = makeGeneration({
  id: 'job-1',
  status: 'completed',
  stage: null,
  progress: 100,
  results: [makeAsset({ id: 'result-1', source: 'generation' })],
  finished_at: '2025-01-01T10:01:00.000Z',
});

/** The toggle as the result view has it: its job read from the job's own cache entry. */
function FromCache({ id }: { id: string }) {
  const { data } = useQuery({ ...generationQueryOptions(id), staleTime: Number.POSITIVE_INFINITY });
  return data ? <ShareToggle generation={data} /> : null;
}

function setup(job: Generation = completed) {
  const client = createTestQueryClient();
  client.setQueryData(generationKeys.detail(job.id), job);
  const list: InfiniteData<GenerationPage> = { pages: [{ items: [job], next_cursor: null }], pageParams: [null] };
  client.setQueryData(generationKeys.list({ feature: job.feature }), list);
  client.setQueryData(dashboardKeys.community.list(12), { items: [] });
  renderWithProviders(<FromCache id={job.id} />, { client });
  const listed = () => client.getQueryData<InfiniteData<GenerationPage>>(generationKeys.list({ feature: job.feature }))?.pages[0]?.items[0]?.shared;
  const detail = () => client.getQueryData<Generation>(generationKeys.detail(job.id))?.shared;
  return { client, listed, detail };
}

/** A fetch whose answer waits until `release` is called. */
function deferredFetch(answer: () => Response) {
  const { promise: gate, resolve: release } = Promise.withResolvers<void>();
  const fetchMock = vi.fn<typeof fetch>(async () => {
    await gate;
    return answer();
  });
  vi.stubGlobal('fetch', fetchMock);
  return { fetchMock, release };
}

const toggle = () => screen.getByTestId('share-toggle') as HTMLInputElement;

beforeEach(() => {
  i18n.loadAndActivate({ locale: 'vi', messages: {} });
  notify.success.mockClear();
  notify.error.mockClear();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('ShareToggle', () => {
  it('turns on at once, sends PUT share, keeps the answer, and refreshes the community feed', async () => {
    const { fetchMock, release } = deferredFetch(() => jsonResponse({ ...completed, shared: true }));
    const { client, listed, detail } = setup();
    expect(toggle().checked).toBe(false);
    expect(screen.getByRole('switch', { name: 'Chia sẻ lên cộng đồng' })).toBe(toggle());

    fireEvent.click(toggle());
    // Optimistic: the switch and every cached copy of the job move before the server answers.
    await waitFor(() => expect(toggle().checked).toBe(true));
    expect(detail()).toBe(true);
    expect(listed()).toBe(true);
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(String(url)).toContain('/api/generations/job-1/share');
    expect(init?.method).toBe('PUT');
    expect(JSON.parse(String(init?.body))).toEqual({ shared: true });

    release();
    await waitFor(() => expect(notify.success).toHaveBeenCalledWith('Đã chia sẻ lên cộng đồng', expect.anything()));
    expect(toggle().checked).toBe(true);
    expect(client.getQueryState(dashboardKeys.community.list(12))?.isInvalidated).toBe(true);
  });

  it('goes back when the server refuses, with an error toast', async () => {
    const { release } = deferredFetch(() => jsonResponse({ detail: 'Only a completed generation can be shared.' }, 409));
    const { listed, detail } = setup();

    fireEvent.click(toggle());
    await waitFor(() => expect(toggle().checked).toBe(true));
    release();
    await waitFor(() => expect(notify.error).toHaveBeenCalledWith('Không chia sẻ được', { description: 'Chỉ chia sẻ được kết quả đã hoàn thành.' }));
    expect(toggle().checked).toBe(false);
    expect(detail()).toBe(false);
    expect(listed()).toBe(false);
    expect(notify.success).not.toHaveBeenCalled();
  });

  it('turns sharing off the same way', async () => {
    const { release } = deferredFetch(() => jsonResponse({ ...completed, shared: false }));
    setup({ ...completed, shared: true });
    expect(toggle().checked).toBe(true);
    fireEvent.click(toggle());
    await waitFor(() => expect(toggle().checked).toBe(false));
    release();
    await waitFor(() => expect(notify.success).toHaveBeenCalledWith('Đã ngừng chia sẻ', expect.anything()));
  });

  it('is disabled for a job without a result', () => {
    const fetchMock = vi.fn<typeof fetch>();
    vi.stubGlobal('fetch', fetchMock);
    setup(makeGeneration({ id: 'job-2', status: 'failed', stage: null }));
    expect(toggle().disabled).toBe(true);
    expect(screen.getByTestId('share-toggle-hint').textContent).toContain('Chỉ chia sẻ được khi');
    fireEvent.click(toggle());
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
