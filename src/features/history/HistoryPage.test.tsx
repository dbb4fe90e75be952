// @vitest-environment happy-dom
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { i18n } from '@lingui/core';
import type { Generation } from '../../contract/generations.schema.ts';
import { markJobsSeen } from '../../lib/offline/job-client.ts';
import { notify } from '../../lib/toast.ts';
import { jsonResponse, makeAsset, makeGeneration } from '../../../tests/fixtures/test-data.ts';
import { createTestQueryClient } from '../../../tests/fixtures/query-client.ts';
import { HistoryPage, type HistoryPageProps } from './HistoryPage.tsx';
import { renderWithProviders } from '../../../tests/fixtures/render.tsx';
import { fakeApi } from '../../../tests/fixtures/fake-fetch.ts';

vi.mock('../../lib/toast.ts', () => import('../../../tests/fixtures/toast.ts'));
vi.mock('../../lib/offline/job-client.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../lib/offline/job-client.ts')>()),
  markJobsSeen: vi.fn<(ids: readonly string[]) => Promise<void>>(async () => undefined),
}));

// The jobs below are minutes old and the page groups them by day: a fixed noon (in UTC+7, the
// morning in UTC) keeps them on one day whatever time the suite runs. Only Date is faked.
vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-06-15T05:00:00Z') });
afterAll(() => {
  vi.useRealTimers();
});

const listCalls = () => api.calls.filter((call) => call.method === 'GET' && call.url.pathname === '/api/generations');
const page = (items: Generation[], next: string | null = null) => jsonResponse({ items, next_cursor: next });
const api = fakeApi(() => page([]));

/** A job that ended, made `minutes` ago. */
const ended = (minutes: number, job: Partial<Generation>) =>
  makeGeneration({ stage: null, cost: 1, created_at: new Date(Date.now() - minutes * 60_000).toISOString(), ...job });

const completedImage = ended(5, {
  id: 'done-1',
  feature: 'virtual-tryon',
  status: 'completed',
  progress: 100,
  inputs: { model: 'model-1', garments: [{ asset_id: 'garment-1', category: 'tops' }] },
  input_assets: [makeAsset({ id: 'model-1', name: 'nguoi-mau.jpg' }), makeAsset({ id: 'garment-1', name: 'ao.jpg' })],
  results: [makeAsset({ id: 'result-1', source: 'generation', name: 'ket-qua.png' })],
  processing_ms: 42_000,
});

const failedEdit = ended(10, {
  id: 'failed-1',
  feature: 'image-editing',
  status: 'failed',
  inputs: { images: ['gone-1'] },
  input_assets: [],
  error: { code: 'unknownEdit', message: 'The local engine could not understand this edit. It understands: brighter, darker.' },
  processing_ms: 1_200,
});

const video = ended(20, {
  id: 'video-1',
  feature: 'image-to-video',
  status: 'completed',
  progress: 100,
  inputs: { image: 'still-1' },
  input_assets: [makeAsset({ id: 'still-1' })],
  results: [
    makeAsset({
      id: 'clip-1',
      kind: 'video',
      media_type: 'video',
      mime: 'video/mp4',
      source: 'generation',
      poster_url: '/api/media/clip-1/poster?exp=9999999999&sig=ab',
      duration_seconds: 5,
    }),
  ],
  processing_ms: 125_000,
  cost: 2,
});

beforeAll(() => {
  i18n.loadAndActivate({ locale: 'vi', messages: {} });
});

beforeEach(() => {
  for (const toast of Object.values(notify)) vi.mocked(toast).mockClear();
  vi.mocked(markJobsSeen).mockClear();
});

function setup(props: Partial<HistoryPageProps> = {}) {
  const client = createTestQueryClient();
  const onSearchChange = vi.fn<HistoryPageProps['onSearchChange']>();
  const ui = (next: Partial<HistoryPageProps>) => <HistoryPage tool="all" status="all" onSearchChange={onSearchChange} {...props} {...next} />;
  const view = renderWithProviders(ui({}), { client });
  return { client, onSearchChange, rerender: (next: Partial<HistoryPageProps>) => view.rerender(ui(next)) };
}

const item = (id: string) => screen.getByTestId('history-page').querySelector<HTMLElement>(`[data-testid="history-item"][data-job-id="${id}"]`);

describe('filters', () => {
  it('asks the server for every feature × status of the chosen chips, keyed by the filter', async () => {
    const { client } = setup({ tool: 'upscaler', status: 'failed' });
    await screen.findByTestId('history-empty');
    const asked = listCalls()
      .map((call) => `${call.url.searchParams.get('feature')}/${call.url.searchParams.get('status')}/${call.url.searchParams.get('limit')}`)
      .toSorted();
    expect(asked).toEqual(['upscaler-image/cancelled/20', 'upscaler-image/failed/20', 'upscaler-video/cancelled/20', 'upscaler-video/failed/20']);
    expect(
      client
        .getQueryCache()
        .findAll({ queryKey: ['generations', 'list', 'merged'] })
        .map((query) => query.queryKey[3]),
    ).toEqual([{ features: ['upscaler-image', 'upscaler-video'], statuses: ['cancelled', 'failed'], limit: 20 }]);
  });

  it('asks once, unfiltered, for all tools and statuses; "Đang xử lý" covers queued and processing', async () => {
    const { rerender } = setup();
    await screen.findByTestId('history-empty');
    expect(listCalls().map((call) => call.url.search)).toEqual(['?limit=20']);
    api.calls = [];
    rerender({ tool: 'body-generator', status: 'processing' });
    await waitFor(() => expect(listCalls()).toHaveLength(2));
    expect(
      listCalls()
        .map((call) => call.url.search)
        .toSorted(),
    ).toEqual(['?feature=body-generator&status=processing&limit=20', '?feature=body-generator&status=queued&limit=20']);
  });

  it('shows the chips pressed as the URL says, and a chip changes the search (dropping ?job=)', async () => {
    const { onSearchChange } = setup({ tool: 'image-to-video', status: 'completed', job: 'x' });
    const tools = screen.getByTestId('history-tool-filters');
    expect(
      within(tools)
        .getAllByRole('button')
        .map((chip) => chip.textContent),
    ).toEqual(['Tất cả', 'Thử đồ ảo', 'Đổi kiểu tóc', 'Tạo người mẫu', 'Ảnh thành video', 'Chỉnh sửa ảnh', 'Làm nét ảnh AI']);
    expect(within(tools).getByRole('button', { pressed: true }).dataset.filter).toBe('image-to-video');
    const statuses = screen.getByTestId('history-status-filters');
    expect(
      within(statuses)
        .getAllByRole('button')
        .map((chip) => chip.textContent),
    ).toEqual(['Tất cả', 'Hoàn thành', 'Đang xử lý', 'Thất bại']);
    fireEvent.click(within(tools).getByText('Làm nét ảnh AI'));
    expect(onSearchChange).toHaveBeenLastCalledWith({ tool: 'upscaler', job: undefined });
    fireEvent.click(within(statuses).getByText('Thất bại'));
    expect(onSearchChange).toHaveBeenLastCalledWith({ status: 'failed', job: undefined });
  });
});

describe('states', () => {
  it('shows a skeleton, then "No history found" with links to the studios', async () => {
    setup();
    expect(screen.getByTestId('history-loading')).toBeTruthy();
    const empty = await screen.findByTestId('history-empty');
    expect(empty.dataset.filtered).toBe('false');
    expect(within(empty).getByText('Chưa có lịch sử')).toBeTruthy();
    expect(
      within(empty)
        .getAllByRole('link')
        .map((link) => link.getAttribute('href')),
    ).toEqual(['/virtual-tryon', '/body-generator', '/hairstyle-changer', '/image-to-video', '/image-editing', '/upscaler']);
  });

  it('says nothing matches the filters, and offers to clear them', async () => {
    const { onSearchChange } = setup({ status: 'failed' });
    const empty = await screen.findByTestId('history-empty');
    expect(empty.dataset.filtered).toBe('true');
    fireEvent.click(within(empty).getByTestId('history-clear-filters'));
    expect(onSearchChange).toHaveBeenCalledWith({ tool: 'all', status: 'all', job: undefined });
  });

  it('says "Failed to load generations" with Retry, and Retry loads the list', async () => {
    api.answer = () => jsonResponse({ detail: 'Service unavailable' }, 503);
    setup();
    const error = await screen.findByTestId('history-list-error');
    expect(within(error).getByText('Không tải được lịch sử tạo')).toBeTruthy();
    api.answer = () => page([completedImage]);
    fireEvent.click(within(error).getByTestId('history-retry'));
    await waitFor(() => expect(item('done-1')).toBeTruthy());
    expect(screen.queryByTestId('history-list-error')).toBeNull();
  });

  it('refresh: "History refreshed successfully", or the failure with its reason', async () => {
    api.answer = () => page([completedImage]);
    setup();
    await waitFor(() => expect(item('done-1')).toBeTruthy());
    fireEvent.click(screen.getByTestId('history-refresh'));
    await waitFor(() => expect(notify.success).toHaveBeenCalledWith('Đã làm mới lịch sử'));
    api.answer = () => Promise.reject(new TypeError('Failed to fetch'));
    fireEvent.click(screen.getByTestId('history-refresh'));
    await waitFor(() =>
      expect(notify.error).toHaveBeenCalledWith('Không làm mới được lịch sử', {
        description: 'Không kết nối được máy chủ. Vui lòng kiểm tra mạng và thử lại.',
      }),
    );
    // The list stays as it was.
    expect(item('done-1')).toBeTruthy();
  });
});

describe('items', () => {
  it('shows tool, status, inputs with their roles, result, times, error and cost', async () => {
    api.answer = () => page([completedImage, failedEdit, video]);
    setup();
    await waitFor(() => expect(item('video-1')).toBeTruthy());
    expect(screen.getAllByTestId('history-day')).toHaveLength(1);

    const done = within(item('done-1')!);
    expect(done.getByTestId('history-item-tool').textContent).toBe('Thử đồ ảo');
    expect(done.getByTestId('history-status').textContent).toBe('Hoàn thành');
    expect(done.getAllByTestId('history-input').map((input) => [input.dataset.slot, input.textContent])).toEqual([
      ['model', 'Người mẫu'],
      ['garments', 'Trang phục'],
    ]);
    expect(done.getByTestId('history-result-image').getAttribute('src')).toContain('/api/media/result-1/thumbnail');
    expect(done.getByTestId('history-processing-time').textContent).toBe('42 giây');
    expect(done.getByTestId('history-created').textContent).toMatch(/^5 phút trước · /);
    expect(done.getByTestId('history-cost').textContent).toBe('1 tín dụng');
    // The community switch, on completed results only.
    expect(done.getByTestId('share-toggle').dataset.jobId).toBe('done-1');

    const failed = within(item('failed-1')!);
    expect(failed.getByTestId('history-status').textContent).toBe('Thất bại');
    // The failure's message (docs/product-rules.md#messages-generation) in the interface's language, with the server's list of edits.
    expect(failed.getByTestId('history-error').textContent).toBe(
      'Tạo thất bạiCông cụ xử lý cục bộ chưa hiểu yêu cầu chỉnh sửa này. Công cụ hiểu được: brighter, darker.',
    );
    expect(failed.getByTestId('history-input').dataset.missing).toBe('true');
    expect(failed.queryByTestId('history-download')).toBeNull();
    expect(failed.getByTestId('history-regenerate')).toBeTruthy();
    expect(failed.queryByTestId('share-toggle')).toBeNull();

    const clip = within(item('video-1')!);
    const player = clip.getByTestId('history-result-video') as HTMLVideoElement;
    expect(player.getAttribute('preload')).toBe('none');
    expect(player.hasAttribute('controls')).toBe(true);
    expect(player.getAttribute('poster')).toContain('/api/media/clip-1/poster');
    expect(clip.getByTestId('history-processing-time').textContent).toBe('2 phút 5 giây');
    expect(clip.getByTestId('history-cost').textContent).toBe('2 tín dụng');
  });

  it("shows a running job's stage and progress and follows it until it ends", async () => {
    const running = makeGeneration({
      id: 'run-1',
      feature: 'body-generator',
      status: 'processing',
      stage: 'generatingResult',
      progress: 40,
      inputs: {},
      created_at: new Date().toISOString(),
    });
    const finished = {
      ...running,
      status: 'completed' as const,
      stage: null,
      progress: 100,
      results: [makeAsset({ id: 'body-1', source: 'generation' })],
      processing_ms: 3_000,
    };
    let detail: Generation = running;
    api.answer = (call) => (call.url.pathname === '/api/generations/run-1' ? jsonResponse(detail) : page([running]));
    setup();
    await waitFor(() => expect(item('run-1')).toBeTruthy());
    const row = within(item('run-1')!);
    expect(row.getByTestId('history-stage').textContent).toBe('Đang tạo kết quả cuối cùng...');
    expect(row.getByTestId('history-progress').getAttribute('aria-valuenow')).toBe('40');
    expect(row.getByTestId('history-cancel')).toBeTruthy();
    expect(row.queryByTestId('history-delete')).toBeNull();

    detail = finished;
    api.answer = (call) => (call.url.pathname === '/api/generations/run-1' ? jsonResponse(detail) : page([finished]));
    await waitFor(() => expect(item('run-1')?.dataset.status).toBe('completed'), { timeout: 4_000 });
    expect(within(item('run-1')!).getByTestId('history-processing-time').textContent).toBe('3 giây');
  });
});

describe('actions', () => {
  it('delete: asks first, then "Item deleted successfully" and the item leaves', async () => {
    let deleted = false;
    api.answer = (call) => {
      if (call.method === 'DELETE' && call.url.pathname === '/api/generations/done-1') {
        deleted = true;
        return new Response(null, { status: 204 });
      }
      return page(deleted ? [video] : [completedImage, video]);
    };
    setup();
    await waitFor(() => expect(item('done-1')).toBeTruthy());
    fireEvent.click(within(item('done-1')!).getByTestId('history-delete'));
    const dialog = await screen.findByTestId('history-delete-dialog');
    expect(within(dialog).getByText('Xóa lần tạo này?')).toBeTruthy();
    // "Không" keeps it.
    fireEvent.click(within(dialog).getByTestId('history-delete-cancel'));
    expect(screen.queryByTestId('history-delete-dialog')).toBeNull();
    expect(api.calls.some((call) => call.method === 'DELETE')).toBe(false);

    fireEvent.click(within(item('done-1')!).getByTestId('history-delete'));
    fireEvent.click(within(await screen.findByTestId('history-delete-dialog')).getByTestId('history-delete-confirm'));
    await waitFor(() => expect(notify.success).toHaveBeenCalledWith('Đã xóa thành công'));
    await waitFor(() => expect(item('done-1')).toBeNull());
    expect(item('video-1')).toBeTruthy();
  });

  it('delete: a failure says why and keeps the item', async () => {
    api.answer = (call) =>
      call.method === 'DELETE'
        ? jsonResponse({ detail: 'This generation is still running. Cancel it first.', code: 'stillRunning' }, 409)
        : page([completedImage]);
    setup();
    await waitFor(() => expect(item('done-1')).toBeTruthy());
    fireEvent.click(within(item('done-1')!).getByTestId('history-delete'));
    fireEvent.click(within(await screen.findByTestId('history-delete-dialog')).getByTestId('history-delete-confirm'));
    await waitFor(() => expect(notify.error).toHaveBeenCalledWith('Không xóa được', { description: 'Lần tạo này vẫn đang chạy. Vui lòng hủy trước.' }));
    expect(item('done-1')).toBeTruthy();
  });

  it('regenerate: "Regeneration started", and the new job shows at the top, running', async () => {
    const again = makeGeneration({
      id: 'again-1',
      feature: 'virtual-tryon',
      status: 'queued',
      stage: 'queued',
      regenerated_from: 'done-1',
      inputs: completedImage.inputs,
      created_at: new Date().toISOString(),
    });
    let regenerated = false;
    api.answer = (call) => {
      if (call.method === 'POST' && call.url.pathname === '/api/generations/done-1/regenerate') {
        regenerated = true;
        return jsonResponse(again, 202);
      }
      if (call.url.pathname === '/api/generations/again-1') return jsonResponse({ ...again, status: 'processing', stage: 'analyzingPose', progress: 10 });
      return page(regenerated ? [again, completedImage] : [completedImage]);
    };
    const { onSearchChange } = setup();
    await waitFor(() => expect(item('done-1')).toBeTruthy());
    fireEvent.click(within(item('done-1')!).getByTestId('history-regenerate'));
    await waitFor(() => expect(notify.success).toHaveBeenCalledWith('Đã bắt đầu tạo lại'));
    const post = api.calls.find((call) => call.method === 'POST');
    expect(post?.headers['Idempotency-Key']).toMatch(/^[0-9a-f-]{36}$/);
    await waitFor(() => expect(screen.getAllByTestId('history-item')[0]?.dataset.jobId).toBe('again-1'));
    const fresh = item('again-1')!;
    expect(fresh.dataset.highlighted).toBe('true');
    expect(['queued', 'processing']).toContain(fresh.dataset.status);
    expect(within(fresh).getByTestId('history-stage')).toBeTruthy();
    expect(onSearchChange).not.toHaveBeenCalled();
  });

  it('regenerate under a status filter that hides running jobs switches to every status', async () => {
    const again = makeGeneration({ id: 'again-2', feature: 'image-editing', status: 'queued', created_at: new Date().toISOString() });
    api.answer = (call) =>
      call.method === 'POST' ? jsonResponse(again, 202) : call.url.searchParams.get('status') === 'failed' ? page([failedEdit]) : page([]);
    const { onSearchChange } = setup({ status: 'failed' });
    await waitFor(() => expect(item('failed-1')).toBeTruthy());
    fireEvent.click(within(item('failed-1')!).getByTestId('history-regenerate'));
    await waitFor(() => expect(onSearchChange).toHaveBeenCalledWith({ status: 'all', job: undefined }));
  });

  it('regenerate: not enough credits says the numbers', async () => {
    api.answer = (call) =>
      call.method === 'POST'
        ? jsonResponse({ detail: 'Not enough credits', code: 'insufficientCredits', balance: 0, cost: 1, shortage: 1 }, 402)
        : page([completedImage]);
    setup();
    await waitFor(() => expect(item('done-1')).toBeTruthy());
    fireEvent.click(within(item('done-1')!).getByTestId('history-regenerate'));
    await waitFor(() =>
      expect(notify.error).toHaveBeenCalledWith('Không đủ tín dụng', {
        description: 'Không đủ tín dụng: lần tạo này cần 1 tín dụng, bạn đang có 0 (cần thêm 1).',
      }),
    );
  });

  it('cancel: a running job is cancelled and says so', async () => {
    const running = makeGeneration({ id: 'run-2', status: 'queued', created_at: new Date().toISOString() });
    const cancelled = { ...running, status: 'cancelled' as const, stage: null, error: { code: 'cancelled', message: 'Generation cancelled.' } };
    let done = false;
    api.answer = (call) => {
      if (call.method === 'POST' && call.url.pathname === '/api/generations/run-2/cancel') {
        done = true;
        return jsonResponse(cancelled);
      }
      return call.url.pathname === '/api/generations/run-2' ? jsonResponse(done ? cancelled : running) : page([done ? cancelled : running]);
    };
    setup();
    await waitFor(() => expect(item('run-2')).toBeTruthy());
    fireEvent.click(within(item('run-2')!).getByTestId('history-cancel'));
    await waitFor(() => expect(notify.info).toHaveBeenCalledWith('Đã hủy tạo.'));
    await waitFor(() => expect(item('run-2')?.dataset.status).toBe('cancelled'));
  });
});

describe('?job=', () => {
  it('opens the result of an item of the loaded pages', async () => {
    api.answer = () => page([video, completedImage]);
    setup({ job: 'done-1' });
    const dialog = await screen.findByTestId('review-dialog');
    expect(within(dialog).getByText('ket-qua.png')).toBeTruthy();
    expect(item('done-1')?.dataset.highlighted).toBe('true');
    // Opened: it leaves the app badge's count.
    expect(markJobsSeen).toHaveBeenCalledWith(['done-1']);
    // Closed, it stays closed.
    fireEvent.click(within(dialog).getByTestId('review-dialog-close'));
    await waitFor(() => expect(screen.queryByTestId('review-dialog')).toBeNull());
    // Not fetched again on its own.
    expect(api.calls.some((call) => call.url.pathname === '/api/generations/done-1')).toBe(false);
  });

  it('fetches an item the pages do not hold, pins it above the list and opens it', async () => {
    api.answer = (call) => (call.url.pathname === '/api/generations/done-1' ? jsonResponse(completedImage) : page([video]));
    setup({ job: 'done-1' });
    const pinned = await screen.findByTestId('history-pinned');
    expect(within(pinned).getByTestId('history-item').dataset.jobId).toBe('done-1');
    expect(await screen.findByTestId('review-dialog')).toBeTruthy();
  });

  it('says so when the item is gone', async () => {
    api.answer = (call) =>
      call.url.pathname === '/api/generations/gone' ? jsonResponse({ detail: 'Generation not found.', code: 'notFound' }, 404) : page([video]);
    setup({ job: 'gone' });
    expect((await screen.findByTestId('history-pinned-error')).textContent).toBe('Không tìm thấy lần tạo.');
  });
});
