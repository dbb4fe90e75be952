// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, waitFor } from '@testing-library/react';
import type { Generation, GenerationRequest } from '../../contract/generations.schema.ts';
import { notify } from '../../lib/toast.ts';
import { POLL_VISIBLE_MS } from './api.ts';
import { jsonResponse, makeAsset, makeGeneration } from '../../../tests/fixtures/test-data.ts';
import { createTestQueryClient } from '../../../tests/fixtures/query-client.ts';
import { elapsedSeconds, expectedDuration } from './expected-duration.ts';
import { LAST_JOB_KEY_PREFIX, pickReattachJob, readShownJob, resetRestoreDecision, SHOWN_JOB_KEY_PREFIX } from './shown-job.ts';
import { useStudioJob } from './use-studio-job.ts';
import { renderHookWithProviders } from '../../../tests/fixtures/render.tsx';

vi.mock('../../lib/toast.ts', () => import('../../../tests/fixtures/toast.ts'));

function renderStudioJob(feature: Parameters<typeof useStudioJob>[0]) {
  const client = createTestQueryClient();
  return renderHookWithProviders(() => useStudioJob(feature), { client });
}

/** A hairstyle job that ended with its result. */
const doneHairJob = makeGeneration({
  id: 'done-job',
  feature: 'hairstyle-changer',
  status: 'completed',
  stage: null,
  progress: 100,
  results: [makeAsset({ id: 'hair-result' })],
  finished_at: '2025-01-01T10:01:00.000Z',
});

/** A fake API: the pending list, and each job's successive answers (the last one repeats). */
function fakeApi(pending: Generation[], jobs: Record<string, Generation[]>, submitted?: Generation) {
  return vi.fn<typeof fetch>(async (url, init) => {
    const path = String(url);
    if (path === '/api/generations/pending') return jsonResponse({ items: pending, next_cursor: null });
    if (path === '/api/generations' && init?.method === 'POST' && submitted) return jsonResponse(submitted, 202);
    if (path === '/auth/profile') return jsonResponse({ message: 'no profile here' }, 404);
    const id = decodeURIComponent(path.split('/').pop() ?? '');
    const answers = jobs[id];
    if (!answers) return jsonResponse({ message: 'Generation not found.', code: 'notFound' }, 404);
    return jsonResponse(answers.length > 1 ? answers.shift() : answers[0]);
  });
}

beforeEach(() => {
  sessionStorage.clear();
  vi.mocked(notify.success).mockClear();
  vi.mocked(notify.error).mockClear();
  vi.mocked(notify.info).mockClear();
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  vi.useRealTimers();
});

describe('pickReattachJob', () => {
  it("picks the newest queued or processing job of the screen's features", () => {
    const jobs = [
      makeGeneration({ id: 'old-tryon', created_at: '2025-01-01T09:00:00.000Z', status: 'processing' }),
      makeGeneration({ id: 'new-hair', feature: 'hairstyle-changer', created_at: '2025-01-01T12:00:00.000Z' }),
      makeGeneration({ id: 'new-tryon', created_at: '2025-01-01T11:00:00.000Z' }),
      makeGeneration({ id: 'video', feature: 'upscaler-video', created_at: '2025-01-01T10:30:00.000Z' }),
    ];
    expect(pickReattachJob(jobs, ['virtual-tryon'])?.id).toBe('new-tryon');
    expect(pickReattachJob(jobs, ['upscaler-image', 'upscaler-video'])?.id).toBe('video');
    expect(pickReattachJob(jobs, ['image-to-video'])).toBeNull();
    expect(pickReattachJob([makeGeneration({ status: 'completed' })], ['virtual-tryon'])).toBeNull();
  });
});

const on = (engine: 'local' | 'fal') => makeGeneration({ engine, inputs: {} });

describe('expected duration and elapsed time', () => {
  it('follows the expected times per tool on the job’s engine, try-on per garment', () => {
    expect(expectedDuration('virtual-tryon', on('fal'))).toEqual({ minSeconds: 30, maxSeconds: 45 });
    expect(expectedDuration('virtual-tryon', on('local'))).toEqual({ minSeconds: 1, maxSeconds: 5 });
    expect(expectedDuration('upscaler-image', on('fal'))).toEqual({ minSeconds: 30, maxSeconds: 60 });
    expect(expectedDuration('upscaler-video', on('fal'))).toEqual({ minSeconds: 120, maxSeconds: 300 });
    expect(expectedDuration('image-to-video', on('local'))).toEqual({ minSeconds: 2, maxSeconds: 30 });
    const twoGarments = makeGeneration({ engine: 'fal', inputs: { model: 'm', garments: [{}, {}] } });
    expect(expectedDuration('virtual-tryon', twoGarments)).toEqual({ minSeconds: 60, maxSeconds: 90 });
  });

  it('counts from creation to the end, never below zero', () => {
    const created = '2025-01-01T10:00:00.000Z';
    expect(elapsedSeconds({ created_at: created, finished_at: null }, Date.parse(created) + 12_900)).toBe(12);
    expect(elapsedSeconds({ created_at: created, finished_at: '2025-01-01T10:00:40.000Z' }, Date.parse(created) + 999_000)).toBe(40);
    expect(elapsedSeconds({ created_at: created, finished_at: null }, Date.parse(created) - 5_000)).toBe(0);
  });
});

describe('useStudioJob', () => {
  it('reattaches to the newest pending job of its feature and follows it to the end, with one toast', async () => {
    const result = makeAsset({ id: 'result-1', source: 'generation' });
    const pending = [
      makeGeneration({ id: 'older', created_at: '2025-01-01T09:00:00.000Z', status: 'processing' }),
      makeGeneration({ id: 'newest', created_at: '2025-01-01T11:00:00.000Z', status: 'processing', stage: 'analyzingPose', progress: 10 }),
      makeGeneration({ id: 'other-tool', feature: 'image-to-video', created_at: '2025-01-01T12:00:00.000Z' }),
    ];
    const created_at = '2025-01-01T11:00:00.000Z';
    const fetchMock = fakeApi(pending, {
      newest: [
        makeGeneration({ id: 'newest', created_at, status: 'processing', stage: 'processingGarment', progress: 60 }),
        makeGeneration({
          id: 'newest',
          created_at,
          status: 'completed',
          stage: null,
          progress: 100,
          results: [result],
          finished_at: '2025-01-01T11:00:40.000Z',
        }),
      ],
    });
    vi.stubGlobal('fetch', fetchMock);
    const { result: hook } = renderStudioJob('virtual-tryon');

    expect(hook.current.isReattaching).toBe(true);
    await waitFor(() => expect(hook.current.job?.id).toBe('newest'));
    expect(hook.current.isReattaching).toBe(false);
    await waitFor(() => expect(hook.current.stageText).toBe('Đang xử lý độ vừa vặn của trang phục...'));
    expect(hook.current.status).toBe('processing');
    expect(hook.current.progress).toBe(60);
    expect(hook.current.isRunning).toBe(true);

    await waitFor(() => expect(hook.current.status).toBe('completed'), { timeout: POLL_VISIBLE_MS * 3 });
    expect(hook.current.result?.id).toBe('result-1');
    expect(hook.current.elapsedSeconds).toBe(40);
    expect(hook.current.error).toBeNull();
    expect(notify.success).toHaveBeenCalledTimes(1);
    expect(notify.success).toHaveBeenCalledWith('Tạo thành công');
    // The ended job is never asked for again.
    const asked = fetchMock.mock.calls.filter(([url]) => String(url) === '/api/generations/newest').length;
    await new Promise((resolve) => setTimeout(resolve, POLL_VISIBLE_MS * 1.5));
    expect(fetchMock.mock.calls.filter(([url]) => String(url) === '/api/generations/newest').length).toBe(asked);
    expect(notify.success).toHaveBeenCalledTimes(1);
  });

  it('comes back to a job submitted a moment before leaving, though this device stored the list from before it', async () => {
    // The offline persister (src/lib/offline/persister.ts) hands a stored list over as the first
    // answer, with its old age, and asks the network at once: the stored list is from before the
    // job was submitted. The decision waits for the network's answer.
    const running = makeGeneration({ id: 'just-submitted', feature: 'image-to-video', status: 'processing', stage: 'renderingFrames', progress: 15 });
    vi.stubGlobal('fetch', fakeApi([running], { 'just-submitted': [running] }));
    const restored = new Set<string>();
    const client = createTestQueryClient({
      queries: {
        persister: async (queryFn, context, query) => {
          if (JSON.stringify(query.queryKey).includes('pending') && !restored.has(query.queryHash)) {
            restored.add(query.queryHash);
            // Its age put back at once, the refresh a moment later (as the network is asked).
            setTimeout(() => query.setState({ dataUpdatedAt: 1 }), 0);
            setTimeout(() => void query.fetch(), 30);
            return [] as never;
          }
          return queryFn(context as never);
        },
      },
    });
    const { result: hook } = renderHookWithProviders(() => useStudioJob(['image-to-video']), { client });
    await waitFor(() => expect(hook.current.isReattaching).toBe(false));
    expect(hook.current.job?.id).toBe('just-submitted');
    expect(hook.current.status).toBe('processing');
  });

  it('shows the form when nothing of its feature is running', async () => {
    vi.stubGlobal('fetch', fakeApi([makeGeneration({ id: 'x', feature: 'body-generator' })], {}));
    const { result: hook } = renderStudioJob(['upscaler-image', 'upscaler-video']);
    await waitFor(() => expect(hook.current.isReattaching).toBe(false));
    expect(hook.current.status).toBe('idle');
    expect(hook.current.job).toBeNull();
    // No job and no measure yet: what holds on every engine.
    expect(hook.current.expected).toEqual({ minSeconds: 10, maxSeconds: 60 });
  });

  it('follows a submitted job; a failure toasts once with its reason; reset goes back to the form', async () => {
    const queued = makeGeneration({ id: 'mine', status: 'queued' });
    const failed = makeGeneration({
      id: 'mine',
      status: 'failed',
      stage: null,
      error: { code: 'personNotFound', message: 'No person could be found in the model photo.' },
      finished_at: '2025-01-01T10:00:05.000Z',
    });
    vi.stubGlobal('fetch', fakeApi([], { mine: [queued, failed] }, queued));
    const { result: hook } = renderStudioJob('virtual-tryon');
    await waitFor(() => expect(hook.current.isReattaching).toBe(false));

    const request: GenerationRequest = { feature: 'virtual-tryon', inputs: { model: 'a', garments: [{ asset_id: 'b', category: 'tops' }] }, params: {} };
    await act(async () => {
      await hook.current.submit(request);
    });
    expect(hook.current.job?.id).toBe('mine');
    expect(hook.current.stageText).toBe('Đang chờ đến lượt...');
    await waitFor(() => expect(hook.current.status).toBe('failed'), { timeout: POLL_VISIBLE_MS * 4 });
    expect(hook.current.error).toMatchObject({
      title: 'Tạo thất bại',
      description: 'Không tìm thấy người trong ảnh người mẫu. Vui lòng dùng ảnh chụp toàn thân.',
    });
    expect(notify.error).toHaveBeenCalledTimes(1);
    expect(notify.error).toHaveBeenCalledWith('Tạo thất bại', { description: hook.current.error?.description });

    expect(readShownJob('virtual-tryon')).toBe('mine');

    act(() => hook.current.reset());
    expect(hook.current.status).toBe('idle');
    expect(hook.current.job).toBeNull();
    expect(readShownJob('virtual-tryon')).toBeNull();
  });

  it('after a reload, shows the result of the job this tab followed when it ended meanwhile (no toast)', async () => {
    sessionStorage.setItem(`${SHOWN_JOB_KEY_PREFIX}hairstyle-changer`, 'done-job');
    resetRestoreDecision();
    vi.spyOn(performance, 'getEntriesByType').mockReturnValue([{ type: 'reload', name: location.href } as unknown as PerformanceEntry]);
    vi.stubGlobal('fetch', fakeApi([], { 'done-job': [doneHairJob] }));
    const { result: hook } = renderStudioJob('hairstyle-changer');
    await waitFor(() => expect(hook.current.status).toBe('completed'));
    expect(hook.current.result?.id).toBe('hair-result');
    expect(hook.current.isRunning).toBe(false);
    expect(notify.success).not.toHaveBeenCalled();
  });

  it('coming back (no reload) opens on the form and offers the last result', async () => {
    sessionStorage.setItem(`${SHOWN_JOB_KEY_PREFIX}hairstyle-changer`, 'done-job');
    sessionStorage.setItem(`${LAST_JOB_KEY_PREFIX}hairstyle-changer`, 'done-job');
    resetRestoreDecision();
    vi.stubGlobal('fetch', fakeApi([], { 'done-job': [doneHairJob] }));
    const { result: hook } = renderStudioJob('hairstyle-changer');
    await waitFor(() => expect(hook.current.lastResult?.id).toBe('done-job'));
    expect(hook.current.status).toBe('idle');
    act(() => hook.current.open('done-job'));
    await waitFor(() => expect(hook.current.status).toBe('completed'));
    expect(hook.current.lastResult).toBeNull();
  });

  it('open shows a past job of the history (and remembers it for this tab)', async () => {
    const past = makeGeneration({
      id: 'past',
      status: 'completed',
      stage: null,
      progress: 100,
      results: [makeAsset({ id: 'past-result' })],
      finished_at: '2025-01-01T10:00:40.000Z',
    });
    vi.stubGlobal('fetch', fakeApi([], { past: [past] }));
    const { result: hook } = renderStudioJob('virtual-tryon');
    await waitFor(() => expect(hook.current.isReattaching).toBe(false));
    expect(hook.current.status).toBe('idle');
    act(() => hook.current.open('past'));
    await waitFor(() => expect(hook.current.status).toBe('completed'));
    expect(hook.current.result?.id).toBe('past-result');
    expect(readShownJob('virtual-tryon')).toBe('past');
    expect(notify.success).not.toHaveBeenCalled();
  });

  it('forgets a remembered job that was deleted meanwhile', async () => {
    sessionStorage.setItem(`${SHOWN_JOB_KEY_PREFIX}body-generator`, 'deleted-job');
    vi.stubGlobal('fetch', fakeApi([], {}));
    const { result: hook } = renderStudioJob('body-generator');
    await waitFor(() => expect(readShownJob('body-generator')).toBeNull());
    expect(hook.current.status).toBe('idle');
    expect(hook.current.error).toBeNull();
  });

  it('a refused submit (402) is `rejected` with the credit check', async () => {
    const fetchMock = vi.fn<typeof fetch>(async (url, init) => {
      if (String(url) === '/api/generations/pending') return jsonResponse({ items: [], next_cursor: null });
      if (init?.method === 'POST') {
        return jsonResponse({ detail: 'Not enough credits', code: 'insufficientCredits', balance: 0, cost: 2, shortage: 2 }, 402);
      }
      return jsonResponse({ message: 'nope' }, 404);
    });
    vi.stubGlobal('fetch', fetchMock);
    const { result: hook } = renderStudioJob('image-to-video');
    await waitFor(() => expect(hook.current.isReattaching).toBe(false));
    let answer: Generation | null = makeGeneration();
    await act(async () => {
      answer = await hook.current.submit({
        feature: 'image-to-video',
        inputs: { image: 'a' },
        params: { model: 'seedance-v1', duration: 5, resolution: '480p' },
      });
    });
    expect(answer).toBeNull();
    expect(hook.current.status).toBe('rejected');
    expect(hook.current.error?.insufficient).toEqual({ balance: 0, cost: 2, shortage: 2 });
    expect(notify.error).toHaveBeenCalledWith('Không đủ tín dụng', {
      description: 'Không đủ tín dụng: lần tạo này cần 2 tín dụng, bạn đang có 0 (cần thêm 2).',
    });
  });
});
