// @vitest-environment happy-dom
import { afterEach, beforeAll, beforeEach, describe, expect, test, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { i18n } from '@lingui/core';
import * as v from 'valibot';
import type { Asset, AssetPage } from '../../../contract/media.schema.ts';
import { notify } from '../../../lib/toast.ts';
import { makeAsset } from '../../../../tests/fixtures/test-data.ts';
import { createTestQueryClient } from '../../../../tests/fixtures/query-client.ts';
import { LibraryScreen, SEARCH_DEBOUNCE_MS, type LibraryScreenProps } from './LibraryScreen.tsx';
import { librarySearchSchema, type LibrarySearch } from './search.ts';
import { testProviders } from '../../../../tests/fixtures/render.tsx';

vi.mock('../../../lib/toast.ts', () => ({ notify: { success: vi.fn<(title: string) => void>(), error: vi.fn<(title: string) => void>() } }));

const IMAGE_ROLES: Asset['roles'] = ['image', 'model', 'garment', 'face', 'hair'];
const library = (count: number) =>
  Array.from({ length: count }, (_, index) =>
    makeAsset({ id: `a${index}`, name: `anh-${index}.jpg`, roles: IMAGE_ROLES, created_at: new Date(Date.UTC(2025, 0, 30 - index)).toISOString() }),
  );

interface Call {
  method: string;
  url: URL;
}
let calls: Call[];
/** The library on the "server"; DELETE removes from it. */
let stored: Asset[];
let failDelete: Set<string>;
let pageSize: number;

beforeAll(() => {
  i18n.loadAndActivate({ locale: 'vi', messages: {} });
});

beforeEach(() => {
  calls = [];
  stored = library(12);
  failDelete = new Set();
  pageSize = 100;
  vi.mocked(notify.success).mockClear();
  vi.mocked(notify.error).mockClear();
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), 'http://localhost');
      const method = init?.method ?? 'GET';
      calls.push({ method, url });
      if (method === 'DELETE') {
        const id = url.pathname.split('/').at(-1)!;
        if (failDelete.has(id)) return new Response(JSON.stringify({ detail: 'boom' }), { status: 500, headers: { 'Content-Type': 'application/json' } });
        stored = stored.filter((asset) => asset.id !== id);
        return new Response(null, { status: 204 });
      }
      // Masks (working files) only where their role is asked for, as the server lists them.
      const masks = url.searchParams.get('role') === 'mask';
      const listed = stored.filter((asset) => asset.roles.includes('mask') === masks);
      const size = Number(url.searchParams.get('limit') ?? pageSize);
      const start = Number(url.searchParams.get('cursor') ?? 0);
      const items = listed.slice(start, start + Math.min(size, pageSize));
      const next = start + pageSize < listed.length ? String(start + pageSize) : null;
      const body: AssetPage = { items, next_cursor: next };
      return new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });
    }),
  );
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const parse = (input: Record<string, unknown> = {}): LibrarySearch => v.parse(librarySearchSchema, input);

function renderLibrary(search: LibrarySearch = parse(), props: Partial<LibraryScreenProps> = {}) {
  const client = createTestQueryClient();
  const onSearchChange = vi.fn<(patch: Partial<LibrarySearch>) => void>();
  const onUseIn = vi.fn<LibraryScreenProps['onUseIn']>();
  const { wrapper } = testProviders({ client });
  const view = render(<LibraryScreen search={search} onSearchChange={onSearchChange} onUseIn={onUseIn} {...props} />, { wrapper });
  const rerenderWith = (next: LibrarySearch) => view.rerender(<LibraryScreen search={next} onSearchChange={onSearchChange} onUseIn={onUseIn} {...props} />);
  return { client, onSearchChange, onUseIn, rerenderWith };
}

/** Whether a call is the one-item look for masks that decides whether their tab shows. */
const isMasksProbe = (call: Call) => call.url.searchParams.get('role') === 'mask' && call.url.searchParams.get('limit') === '1';
const listCalls = () => calls.filter((call) => call.method === 'GET' && call.url.pathname === '/api/assets' && !isMasksProbe(call));
const tile = (id: string) => screen.getAllByTestId('library-tile').find((element) => element.dataset.assetId === id)!;
const checkbox = (id: string) => within(tile(id)).getByRole('checkbox');
const open = (id: string) => within(tile(id)).getByTestId('library-tile-open');
const tabs = () => screen.getAllByTestId('library-tab').map((element) => element.dataset.tab);
const selectedCount = () => Number(screen.getByTestId('library-selection-count').dataset.count);

describe('LibraryScreen', () => {
  test('asks for the list the address describes, and writes each filter back to the address', async () => {
    const search = parse({ tab: 'videos', q: 'váy', sort: 'name', tool: 'upload', from: '2025-01-01', to: '2025-01-31' });
    const { onSearchChange, rerenderWith } = renderLibrary(search);
    await waitFor(() => expect(listCalls()).toHaveLength(1));
    const params = Object.fromEntries(listCalls()[0]!.url.searchParams);
    expect(params).toEqual({ kind: 'video', q: 'váy', sort: 'name', tool: 'upload', from: '2025-01-01', to: '2025-01-31', limit: '100' });

    fireEvent.click(screen.getAllByTestId('library-tab').find((element) => element.dataset.tab === 'upscaled')!);
    expect(onSearchChange).toHaveBeenLastCalledWith({ tab: 'upscaled' });
    fireEvent.change(screen.getByTestId('library-tool'), { target: { value: 'virtual-tryon' } });
    expect(onSearchChange).toHaveBeenLastCalledWith({ tool: 'virtual-tryon' });
    fireEvent.change(screen.getByTestId('library-tool'), { target: { value: '' } });
    expect(onSearchChange).toHaveBeenLastCalledWith({ tool: undefined });
    fireEvent.change(screen.getByTestId('library-sort'), { target: { value: 'largest' } });
    expect(onSearchChange).toHaveBeenLastCalledWith({ sort: 'largest' });
    fireEvent.change(screen.getByTestId('library-from'), { target: { value: '2024-12-01' } });
    expect(onSearchChange).toHaveBeenLastCalledWith({ from: '2024-12-01' });

    // Typing waits for a pause before it changes the address.
    onSearchChange.mockClear();
    fireEvent.change(screen.getByTestId('library-search'), { target: { value: 'áo' } });
    fireEvent.change(screen.getByTestId('library-search'), { target: { value: 'áo dài ' } });
    expect(onSearchChange).not.toHaveBeenCalled();
    await waitFor(() => expect(onSearchChange).toHaveBeenCalledWith({ q: 'áo dài' }), { timeout: SEARCH_DEBOUNCE_MS * 4 });
    expect(onSearchChange).toHaveBeenCalledTimes(1);

    // The route answers with the new address: a new list is asked for.
    rerenderWith(parse({ tab: 'images', q: 'áo dài', sort: 'oldest' }));
    await waitFor(() => expect(listCalls()).toHaveLength(2));
    expect(Object.fromEntries(listCalls()[1]!.url.searchParams)).toEqual({ kind: 'image', q: 'áo dài', sort: 'oldest', limit: '100' });
  });

  test('an empty library points to the studios; an empty filter says nothing matches', async () => {
    stored = [];
    renderLibrary();
    expect(await screen.findByTestId('library-empty')).toHaveProperty('dataset.reason', 'empty');
    expect(screen.getByText('Chưa có tệp nào')).toBeTruthy();
    expect(
      within(screen.getByTestId('library-empty'))
        .getAllByRole('link')
        .map((link) => link.getAttribute('href')),
    ).toContain('/virtual-tryon');
    cleanup();
    const { onSearchChange } = renderLibrary(parse({ q: 'không có' }));
    expect(await screen.findByTestId('library-empty')).toHaveProperty('dataset.reason', 'no-match');
    fireEvent.click(within(screen.getByTestId('library-empty')).getByRole('button'));
    expect(onSearchChange).toHaveBeenLastCalledWith(expect.objectContaining({ tab: 'all', q: '', tool: undefined, from: undefined, to: undefined }));
  });

  test('a failed load offers Retry', async () => {
    let fail = true;
    const ok = vi.mocked(fetch).getMockImplementation()!;
    vi.mocked(fetch).mockImplementation(async (input, init) => (fail ? new Response(JSON.stringify({ message: 'x' }), { status: 500 }) : ok(input, init)));
    renderLibrary();
    expect(await screen.findByTestId('library-error')).toBeTruthy();
    fail = false;
    fireEvent.click(screen.getByTestId('library-retry'));
    await waitFor(() => expect(screen.getAllByTestId('library-tile').length).toBeGreaterThan(0));
  });

  test('multi-select: checkboxes, shift ranges, select all, Escape; a click selects while selecting', async () => {
    renderLibrary();
    await waitFor(() => expect(screen.getAllByTestId('library-tile')).toHaveLength(12));
    expect(screen.queryByTestId('library-selection-bar')).toBeNull();

    fireEvent.click(checkbox('a1'));
    expect(selectedCount()).toBe(1);
    // Shift: from a1 (the anchor) to a4.
    fireEvent.click(checkbox('a4'), { shiftKey: true });
    expect(selectedCount()).toBe(4);
    expect(['a1', 'a2', 'a3', 'a4'].every((id) => tile(id).dataset.selected === 'true')).toBe(true);
    expect(tile('a0').dataset.selected).toBe('false');

    // While selecting, a click on a tile selects it instead of opening it.
    fireEvent.click(within(tile('a7')).getByTestId('library-tile-open'));
    expect(selectedCount()).toBe(5);
    expect(screen.queryByTestId('review-dialog')).toBeNull();

    fireEvent.click(screen.getByTestId('library-select-all'));
    expect(selectedCount()).toBe(12);
    fireEvent.keyDown(within(tile('a0')).getByTestId('library-tile-open'), { key: 'Escape' });
    expect(screen.queryByTestId('library-selection-bar')).toBeNull();

    // Nothing selected: a click opens the viewer on that asset.
    fireEvent.click(within(tile('a5')).getByTestId('library-tile-open'));
    const dialog = await screen.findByTestId('review-dialog');
    expect(within(dialog).getByTestId('review-counter').textContent).toContain('6');
  });

  test('keyboard: arrows move the one tab stop, Space selects, Shift+Space selects a range', async () => {
    renderLibrary();
    await waitFor(() => expect(screen.getAllByTestId('library-tile')).toHaveLength(12));
    expect(open('a0').tabIndex).toBe(0);
    expect(open('a1').tabIndex).toBe(-1);
    act(() => open('a0').focus());
    fireEvent.keyDown(open('a0'), { key: 'ArrowRight' });
    await waitFor(() => expect(document.activeElement).toBe(open('a1')));
    expect(open('a1').tabIndex).toBe(0);
    fireEvent.keyDown(open('a1'), { key: ' ' });
    fireEvent.keyDown(open('a1'), { key: 'ArrowDown' });
    const below = Number(screen.getByTestId('library-grid').dataset.columns) + 1;
    await waitFor(() => expect(document.activeElement).toBe(open(`a${below}`)));
    fireEvent.keyDown(open(`a${below}`), { key: ' ', shiftKey: true });
    expect(selectedCount()).toBe(below);
  });

  test('bulk delete: confirmation, one DELETE each, tiles gone at once, success toast', async () => {
    renderLibrary();
    await waitFor(() => expect(screen.getAllByTestId('library-tile')).toHaveLength(12));
    fireEvent.click(checkbox('a2'));
    fireEvent.click(checkbox('a9'));
    fireEvent.click(screen.getByTestId('library-delete-selected'));
    const dialog = await screen.findByTestId('library-delete-dialog');
    expect(dialog.textContent).toContain('Xóa 2 tệp?');
    // Cancel deletes nothing.
    fireEvent.click(within(dialog).getByTestId('library-delete-cancel'));
    expect(calls.filter((call) => call.method === 'DELETE')).toHaveLength(0);
    expect(selectedCount()).toBe(2);

    fireEvent.click(screen.getByTestId('library-delete-selected'));
    fireEvent.click(within(await screen.findByTestId('library-delete-dialog')).getByTestId('library-delete-confirm'));
    await waitFor(() => expect(screen.getAllByTestId('library-tile')).toHaveLength(10));
    expect(screen.queryByTestId('library-selection-bar')).toBeNull();
    await waitFor(() => expect(notify.success).toHaveBeenCalledWith('Đã xóa thành công', expect.anything()));
    expect(
      calls
        .filter((call) => call.method === 'DELETE')
        .map((call) => call.url.pathname)
        .toSorted(),
    ).toEqual(['/api/assets/a2', '/api/assets/a9']);
    expect(screen.queryByText('anh-2.jpg')).toBeNull();
    expect(screen.getByTestId('library-count').dataset.count).toBe('10');
  });

  test('bulk delete: one that fails comes back and is reported', async () => {
    failDelete.add('a3');
    renderLibrary();
    await waitFor(() => expect(screen.getAllByTestId('library-tile')).toHaveLength(12));
    fireEvent.click(checkbox('a3'));
    fireEvent.click(checkbox('a4'));
    fireEvent.click(screen.getByTestId('library-delete-selected'));
    fireEvent.click(within(await screen.findByTestId('library-delete-dialog')).getByTestId('library-delete-confirm'));
    await waitFor(() => expect(notify.error).toHaveBeenCalledWith('Không xóa được tệp', expect.anything()));
    expect(notify.success).not.toHaveBeenCalled();
    // The list is fetched again: a3 is back, a4 is gone.
    await waitFor(() => expect(screen.getAllByTestId('library-tile')).toHaveLength(11));
    expect(tile('a3')).toBeTruthy();
    expect(screen.queryByText('anh-4.jpg')).toBeNull();
  });

  test('"use in" lists the studios an image fits and hands the choice to the route', async () => {
    const { onUseIn } = renderLibrary();
    await waitFor(() => expect(screen.getAllByTestId('library-tile')).toHaveLength(12));
    fireEvent.click(within(tile('a0')).getByTestId('use-in-trigger'));
    const options = within(tile('a0')).getAllByTestId('use-in-option');
    expect(options.map((option) => `${option.dataset.studio}:${option.dataset.role}`)).toContain('virtual-tryon:garment');
    expect(options.map((option) => option.dataset.role)).not.toContain('video');
    fireEvent.click(options.find((option) => option.dataset.role === 'garment')!);
    expect(onUseIn).toHaveBeenCalledWith(expect.objectContaining({ id: 'a0' }), { studio: 'virtual-tryon', role: 'garment' });
    expect(within(tile('a0')).queryByTestId('use-in-menu')).toBeNull();
  });

  test('loads the next page as the end comes near', async () => {
    stored = library(30);
    pageSize = 10;
    renderLibrary();
    // The window shows the few rows of the first page: the grid asks for more until it has enough rows beyond the view.
    await waitFor(() => expect(listCalls().length).toBeGreaterThan(1));
    expect(listCalls()[1]!.url.searchParams.get('cursor')).toBe('10');
  });

  test('shows the masks tab only while there are masks, and lists them there alone', async () => {
    renderLibrary();
    await waitFor(() => expect(screen.getAllByTestId('library-tile')).toHaveLength(12));
    await waitFor(() => expect(calls.some(isMasksProbe)).toBe(true));
    expect(tabs()).toEqual(['all', 'images', 'videos', 'upscaled']);
    cleanup();

    stored = [...library(3), makeAsset({ id: 'mask-1', name: 'mat-na-toc.png', roles: ['mask'] })];
    const masks = parse({ tab: 'masks' });
    const { onSearchChange } = renderLibrary(parse());
    await waitFor(() => expect(tabs()).toEqual(['all', 'images', 'videos', 'upscaled', 'masks']));
    // The mask is not among the photos.
    expect(screen.getAllByTestId('library-tile').map((element) => element.dataset.assetId)).toEqual(['a0', 'a1', 'a2']);
    fireEvent.click(screen.getAllByTestId('library-tab').find((element) => element.dataset.tab === 'masks')!);
    expect(onSearchChange).toHaveBeenLastCalledWith({ tab: 'masks' });
    cleanup();

    calls = [];
    renderLibrary(masks);
    await waitFor(() => expect(screen.getAllByTestId('library-tile').map((element) => element.dataset.assetId)).toEqual(['mask-1']));
    expect(Object.fromEntries(listCalls()[0]!.url.searchParams)).toEqual({ role: 'mask', limit: '100' });
  });
});
