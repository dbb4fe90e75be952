// @vitest-environment happy-dom
import { afterEach, beforeAll, beforeEach, describe, expect, test, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { i18n } from '@lingui/core';
import type { Asset, AssetPage } from '../../../contract/media.schema.ts';
import { AssetsPicker, SEARCH_DEBOUNCE_MS, type AssetsPickerProps } from './AssetsPicker.tsx';
import { createTestQueryClient } from '../../../../tests/fixtures/query-client.ts';
import { makeAsset } from '../../../../tests/fixtures/test-data.ts';
import { testProviders } from '../../../../tests/fixtures/render.tsx';

const HOUR_MS = 3_600_000;

/** An uploaded photo that fits every image input (or a video), its links fresh for six hours. */
function asset(id: string, overrides: Partial<Asset> = {}): Asset {
  const isVideo = overrides.media_type === 'video';
  return makeAsset({
    id,
    kind: isVideo ? 'video' : 'image',
    roles: isVideo ? ['video'] : ['image', 'model', 'garment', 'face', 'hair'],
    mime: isVideo ? 'video/mp4' : 'image/jpeg',
    name: `${id}.jpg`,
    width: 1200,
    height: 1600,
    bytes: 345_678,
    duration_seconds: isVideo ? 12 : null,
    fps: isVideo ? 24 : null,
    codec: isVideo ? 'h264' : null,
    urls_expire_at: new Date(Date.now() + 6 * HOUR_MS).toISOString(),
    ...overrides,
  });
}

type Handler = (url: URL) => { status?: number; body: unknown };
let handler: Handler;
const requests: URL[] = [];

beforeAll(() => {
  i18n.loadAndActivate({ locale: 'vi', messages: {} });
});

beforeEach(() => {
  requests.length = 0;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = new URL(String(input), 'http://localhost');
      requests.push(url);
      const { status = 200, body } = handler(url);
      return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
    }),
  );
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function page(items: Asset[], next: string | null = null): { body: AssetPage } {
  return { body: { items, next_cursor: next } };
}

function renderPicker(props: Partial<AssetsPickerProps> = {}) {
  const client = createTestQueryClient();
  const onSelect = vi.fn<(assets: Asset[]) => void>();
  const onClose = vi.fn<() => void>();
  const { wrapper } = testProviders({ client });
  render(<AssetsPicker open onClose={onClose} onSelect={onSelect} {...props} />, { wrapper });
  return { onSelect, onClose };
}

const option = (id: string) => screen.getAllByRole('option').find((element) => element.dataset.assetId === id)!;

const listRequests = () => requests.filter((url) => url.pathname === '/api/assets');

describe('AssetsPicker', () => {
  test('lists the library and each tab asks for its kind', async () => {
    handler = (url) => page([asset(`a-${url.searchParams.get('kind') ?? 'all'}`)]);
    renderPicker();
    expect(await screen.findByText('a-all.jpg')).toBeTruthy();
    expect(listRequests()[0]?.searchParams.has('kind')).toBe(false);

    const tabs = screen.getAllByRole('tab');
    expect(tabs.map((tab) => tab.textContent)).toEqual(['Tất cả', 'Ảnh', 'Video', 'Đã làm nét']);

    fireEvent.click(screen.getByRole('tab', { name: 'Video' }));
    expect(await screen.findByText('a-video.jpg')).toBeTruthy();
    expect(listRequests().at(-1)?.searchParams.get('kind')).toBe('video');
    expect(screen.getByRole('tab', { name: 'Video' }).getAttribute('aria-selected')).toBe('true');

    // Arrow keys move between tabs and activate them (ARIA tabs).
    fireEvent.keyDown(screen.getByRole('tab', { name: 'Video' }), { key: 'ArrowRight' });
    expect(await screen.findByText('a-upscaled.jpg')).toBeTruthy();
    expect(listRequests().at(-1)?.searchParams.get('kind')).toBe('upscaled');
    expect(document.activeElement).toBe(screen.getByRole('tab', { name: 'Đã làm nét' }));
  });

  test('a role filters on the server and hides the tab of the other media type', async () => {
    handler = () => page([asset('m1')]);
    renderPicker({ role: 'model' });
    await screen.findByText('m1.jpg');
    expect(listRequests()[0]?.searchParams.get('role')).toBe('model');
    expect(screen.queryByRole('tab', { name: 'Video' })).toBeNull();
    expect(screen.getByRole('heading').textContent).toBe('Chọn ảnh người mẫu');
  });

  test('the search waits for typing to stop, then asks once', async () => {
    handler = (url) => page([asset(`hit-${url.searchParams.get('q') ?? 'none'}`)]);
    renderPicker();
    await screen.findByText('hit-none.jpg');
    const box = screen.getByTestId('assets-picker-search');
    fireEvent.change(box, { target: { value: 'd' } });
    fireEvent.change(box, { target: { value: 'dr' } });
    fireEvent.change(box, { target: { value: 'dress ' } });
    // No request while typing, nor shortly after.
    expect(listRequests()).toHaveLength(1);
    await new Promise((resolve) => setTimeout(resolve, SEARCH_DEBOUNCE_MS / 3));
    expect(listRequests()).toHaveLength(1);
    expect(await screen.findByText('hit-dress.jpg', {}, { timeout: SEARCH_DEBOUNCE_MS * 5 })).toBeTruthy();
    const queries = listRequests().map((url) => url.searchParams.get('q'));
    expect(queries).toEqual([null, 'dress']);
  });

  test('multiple selection stops at max and confirm returns the assets in order', async () => {
    const items = [asset('g1'), asset('g2'), asset('g3')];
    handler = () => page(items);
    const { onSelect, onClose } = renderPicker({ role: 'garment', multiple: true, max: 2 });
    await screen.findByText('g1.jpg');

    const confirm = screen.getByTestId('assets-picker-confirm') as HTMLButtonElement;
    expect(confirm.disabled).toBe(true);
    fireEvent.click(option('g2'));
    fireEvent.click(option('g1'));
    fireEvent.click(option('g3'));
    expect(option('g3').getAttribute('aria-selected')).toBe('false');
    expect(screen.getByRole('status').textContent).toBe('Bạn chỉ có thể chọn tối đa 2 tệp.');
    expect(screen.getByTestId('assets-picker-count').textContent).toBe('Đã chọn 2/2');
    expect(confirm.textContent).toBe('Chọn (2)');

    // Unselecting frees a place.
    fireEvent.click(option('g2'));
    fireEvent.click(option('g3'));
    expect(option('g3').getAttribute('aria-selected')).toBe('true');

    fireEvent.click(confirm);
    await waitFor(() => expect(onSelect).toHaveBeenCalledTimes(1));
    expect(onSelect.mock.calls[0]?.[0].map((a) => a.id)).toEqual(['g1', 'g3']);
    expect(onClose).toHaveBeenCalled();
  });

  test('the grid is keyboard navigable: arrows move focus, Space selects', async () => {
    handler = () => page([asset('k1'), asset('k2'), asset('k3')]);
    const { onSelect } = renderPicker();
    await screen.findByText('k1.jpg');
    const options = screen.getAllByRole('option');
    expect(options.map((o) => o.tabIndex)).toEqual([0, -1, -1]);
    options[0]!.focus();
    fireEvent.keyDown(options[0]!, { key: 'ArrowRight' });
    await waitFor(() => expect(document.activeElement).toBe(screen.getAllByRole('option')[1]));
    fireEvent.keyDown(document.activeElement!, { key: 'End' });
    await waitFor(() => expect(document.activeElement).toBe(screen.getAllByRole('option')[2]));
    fireEvent.keyDown(document.activeElement!, { key: ' ' });
    expect(screen.getAllByRole('option')[2]!.getAttribute('aria-selected')).toBe('true');
    // Single mode: another pick replaces the first.
    fireEvent.keyDown(document.activeElement!, { key: 'Home' });
    await waitFor(() => expect(document.activeElement).toBe(screen.getAllByRole('option')[0]));
    fireEvent.keyDown(document.activeElement!, { key: 'Enter' });
    expect(screen.getAllByRole('option').map((o) => o.getAttribute('aria-selected'))).toEqual(['true', 'false', 'false']);
    fireEvent.click(screen.getByTestId('assets-picker-confirm'));
    await waitFor(() => expect(onSelect).toHaveBeenCalledWith([expect.objectContaining({ id: 'k1' })]));
  });

  test('a failed load says so and Retry loads again', async () => {
    handler = () => ({ status: 500, body: { message: 'boom' } });
    renderPicker();
    const error = await screen.findByTestId('assets-picker-error');
    expect(error.getAttribute('role')).toBe('alert');
    expect(within(error).getByText('Không tải được thư viện')).toBeTruthy();

    handler = () => page([asset('back')]);
    fireEvent.click(screen.getByTestId('assets-picker-retry'));
    expect(await screen.findByText('back.jpg')).toBeTruthy();
    expect(screen.queryByTestId('assets-picker-error')).toBeNull();
  });

  test('an asset that cannot serve the role is refused with "Failed to select asset"', async () => {
    handler = () => page([asset('clip', { media_type: 'video', name: 'clip.mp4' })]);
    const { onSelect } = renderPicker({ accept: ['image'] });
    await screen.findByText('clip.mp4');
    const tile = screen.getByRole('option');
    expect(tile.getAttribute('aria-disabled')).toBe('true');
    expect(within(tile).getByText('0:12')).toBeTruthy();
    fireEvent.click(tile);
    const problem = screen.getByTestId('assets-picker-problem');
    expect(problem.textContent).toContain('Không chọn được tệp');
    expect(problem.textContent).toContain('Ở đây cần một ảnh, không phải video.');
    expect(tile.getAttribute('aria-selected')).toBe('false');
    expect(onSelect).not.toHaveBeenCalled();
  });

  test('a pick whose links are expiring is fetched afresh before it is returned', async () => {
    const stale = asset('old', { urls_expire_at: new Date(Date.now() + 60_000).toISOString() });
    handler = (url) => {
      if (url.pathname === '/api/assets') return page([stale, asset('gone', { urls_expire_at: stale.urls_expire_at })]);
      if (url.pathname === '/api/assets/old') return { body: asset('old', { url: '/fresh' }) };
      return { status: 404, body: { message: 'Failed to load asset', code: 'assetNotFound' } };
    };
    const { onSelect } = renderPicker({ multiple: true });
    await screen.findByText('old.jpg');
    fireEvent.click(screen.getAllByRole('option')[0]!);
    fireEvent.click(screen.getByTestId('assets-picker-confirm'));
    await waitFor(() => expect(onSelect).toHaveBeenCalledTimes(1));
    expect(onSelect.mock.calls[0]?.[0][0]?.url).toBe('/fresh');
  });

  test('a deleted pick fails to select and the picker stays open', async () => {
    const soon = new Date(Date.now() + 60_000).toISOString();
    handler = (url) =>
      url.pathname === '/api/assets' ? page([asset('gone', { urls_expire_at: soon })]) : { status: 404, body: { message: 'Failed to load asset' } };
    const { onSelect, onClose } = renderPicker();
    await screen.findByText('gone.jpg');
    fireEvent.click(screen.getByRole('option'));
    fireEvent.click(screen.getByTestId('assets-picker-confirm'));
    const problem = await screen.findByTestId('assets-picker-problem');
    expect(problem.textContent).toContain('Không chọn được tệp');
    expect(problem.textContent).toContain('gone.jpg');
    expect(onSelect).not.toHaveBeenCalled();
    expect(onClose).not.toHaveBeenCalled();
  });

  test('scrolling to the end loads the next page', async () => {
    const observers: Array<{ callback: IntersectionObserverCallback; target?: Element }> = [];
    vi.stubGlobal(
      'IntersectionObserver',
      class {
        entry: { callback: IntersectionObserverCallback; target?: Element };
        constructor(callback: IntersectionObserverCallback) {
          this.entry = { callback };
          observers.push(this.entry);
        }
        observe(target: Element) {
          this.entry.target = target;
        }
        disconnect() {
          observers.splice(observers.indexOf(this.entry), 1);
        }
      },
    );
    handler = (url) => (url.searchParams.get('cursor') === 'p2' ? page([asset('second')]) : page([asset('first')], 'p2'));
    renderPicker();
    await screen.findByText('first.jpg');
    expect(screen.queryByText('second.jpg')).toBeNull();
    await waitFor(() => expect(observers).toHaveLength(1));
    act(() => {
      const { callback, target } = observers[0]!;
      callback([{ isIntersecting: true, target } as IntersectionObserverEntry], {} as IntersectionObserver);
    });
    expect(await screen.findByText('second.jpg')).toBeTruthy();
    expect(listRequests().at(-1)?.searchParams.get('cursor')).toBe('p2');
  });

  test('shows the empty state; Escape clears the search, then closes', async () => {
    handler = () => page([]);
    const { onClose } = renderPicker();
    expect((await screen.findByTestId('assets-picker-empty')).textContent).toContain('Chưa có tệp nào ở đây');
    const box = screen.getByTestId('assets-picker-search') as HTMLInputElement;
    fireEvent.change(box, { target: { value: 'xyz' } });
    expect(await screen.findByText('Không có tệp nào khớp với “xyz”.', {}, { timeout: SEARCH_DEBOUNCE_MS * 5 })).toBeTruthy();
    fireEvent.keyDown(box, { key: 'Escape' });
    expect(box.value).toBe('');
    expect(onClose).not.toHaveBeenCalled();
    fireEvent.keyDown(box, { key: 'Escape' });
    expect(onClose).toHaveBeenCalled();
  });
});
