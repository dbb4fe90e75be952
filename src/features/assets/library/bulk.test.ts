import { describe, expect, test, vi } from 'vitest';
import { type InfiniteData } from '@tanstack/react-query';
import type { Asset, AssetPage } from '../../../contract/media.schema.ts';
import { ApiError } from '../../../lib/api.ts';
import { makeAsset } from '../../../../tests/fixtures/test-data.ts';
import { createTestQueryClient } from '../../../../tests/fixtures/query-client.ts';
import { DownloadError, type downloadAsset } from '../download/download.ts';
import { assetKeys, deleteAssets, removeFromLists } from '../../media/api.ts';
import { downloadMany, ORIGINAL } from './download-many.ts';

const page = (ids: string[], next: string | null): AssetPage => ({ items: ids.map((id) => makeAsset({ id })), next_cursor: next });
const stored = (id: string, expiring = false): Asset => makeAsset({ id, urls_expire_at: expiring ? '2000-01-01T00:00:00.000Z' : '2999-01-01T00:00:00.000Z' });

describe('bulk delete', () => {
  test('deletes a few at a time, in order of answer, and counts a 404 as gone', async () => {
    let running = 0;
    let peak = 0;
    const remove = vi.fn<(id: string) => Promise<void>>(async (id) => {
      running += 1;
      peak = Math.max(peak, running);
      await new Promise((resolve) => setTimeout(resolve, 5));
      running -= 1;
      if (id === 'gone') throw new ApiError('Failed to load asset', 404, null);
      if (id === 'bad') throw new ApiError('boom', 500, null);
    });
    const ids = ['a', 'b', 'gone', 'c', 'bad', 'd', 'e', 'f', 'g'];
    const result = await deleteAssets(ids, { concurrency: 3, remove });
    expect(remove).toHaveBeenCalledTimes(ids.length);
    expect(peak).toBe(3);
    expect(result.deleted).toEqual(['a', 'b', 'gone', 'c', 'd', 'e', 'f', 'g']);
    expect(result.failed.map((failure) => failure.id)).toEqual(['bad']);
  });

  test('removes assets from every cached list and can put them back', () => {
    const client = createTestQueryClient();
    const all = assetKeys.list({ limit: 100 });
    const images = assetKeys.list({ kind: 'image' });
    client.setQueryData<InfiniteData<AssetPage, string | null>>(all, { pages: [page(['a', 'b'], 'x'), page(['c'], null)], pageParams: [null, 'x'] });
    client.setQueryData<InfiniteData<AssetPage, string | null>>(images, { pages: [page(['c', 'd'], null)], pageParams: [null] });
    const untouched = client.getQueryData(images);
    const restore = removeFromLists(client, new Set(['b', 'c']));
    const ids = (key: readonly unknown[]) => client.getQueryData<InfiniteData<AssetPage>>(key)?.pages.map((p) => p.items.map((asset) => asset.id));
    expect(ids(all)).toEqual([['a'], []]);
    expect(ids(images)).toEqual([['d']]);
    // Cursors stay: the next page is still the next page.
    expect(client.getQueryData<InfiniteData<AssetPage>>(all)?.pages[0]?.next_cursor).toBe('x');
    restore();
    expect(ids(all)).toEqual([['a', 'b'], ['c']]);
    expect(client.getQueryData(images)).toEqual(untouched);
  });
});

describe('downloading several files', () => {
  test('one after another, originals, renewing links first when they expire', async () => {
    const order: string[] = [];
    let active = 0;
    const download = vi.fn<typeof downloadAsset>(async (item, choice) => {
      active += 1;
      expect(active).toBe(1);
      expect(choice).toEqual(ORIGINAL);
      order.push(item.url);
      await new Promise((resolve) => setTimeout(resolve, 2));
      active -= 1;
      return { passthrough: true, width: 1, height: 1, type: 'image/jpeg', quality: undefined, filename: 'x.jpg', bytes: 1 };
    });
    const renew = vi.fn<(item: Asset) => Promise<Asset>>(async (item) => ({ ...item, url: `${item.url}&fresh` }));
    const progress: number[] = [];
    const result = await downloadMany([stored('a'), stored('b', true), stored('c')], {
      renew,
      expiring: (item) => item.urls_expire_at < '2001',
      nameOf: async (item) => `name-${item.id}`,
      download,
      onProgress: (done) => progress.push(done),
    });
    // Each saved under the name the download rule gives it (download-name.ts).
    expect(download.mock.calls.map((call) => call[2])).toEqual(['name-a', 'name-b', 'name-c']);
    expect(result.saved.map((item) => item.id)).toEqual(['a', 'b', 'c']);
    expect(order).toEqual([
      '/api/media/a/original?exp=9999999999&sig=ab',
      '/api/media/b/original?exp=9999999999&sig=ab&fresh',
      '/api/media/c/original?exp=9999999999&sig=ab',
    ]);
    expect(renew).toHaveBeenCalledTimes(1);
    expect(progress).toEqual([1, 2, 3]);
  });

  test('renews once on an expired link, and keeps going past a failure', async () => {
    const download = vi.fn<typeof downloadAsset>(async (item) => {
      if (item.url.includes('/old/') && !item.url.endsWith('fresh')) throw new DownloadError('linkExpired', '403');
      if (item.url.includes('/broken/')) throw new DownloadError('notFound', '404');
      return { passthrough: true, width: 1, height: 1, type: 'image/jpeg', quality: undefined, filename: 'x.jpg', bytes: 1 };
    });
    const result = await downloadMany([stored('old'), stored('broken'), stored('ok')], {
      renew: async (item) => ({ ...item, url: `${item.url}&fresh` }),
      expiring: () => false,
      nameOf: async (item) => item.id,
      download,
    });
    expect(result.saved.map((item) => item.id)).toEqual(['old', 'ok']);
    expect(result.failed.map((failure) => failure.asset.id)).toEqual(['broken']);
  });
});

describe('list staleness', () => {
  test('pages give the same staleTime as their assets, and a page is read once', async () => {
    const { staleTimeFor, staleTimeForPages } = await import('../../media/api.ts');
    const now = Date.parse('2025-01-01T12:00:00Z');
    const soon = makeAsset({ id: 's', urls_expire_at: '2025-01-01T12:05:10Z' });
    const later = makeAsset({ id: 'l', urls_expire_at: '2025-01-01T18:00:00Z' });
    const pages: AssetPage[] = [
      { items: [later], next_cursor: 'x' },
      { items: [soon, later], next_cursor: null },
    ];
    expect(staleTimeForPages(pages, now - 1000, now)).toBe(staleTimeFor([later, soon, later], now - 1000, now));
    expect(staleTimeForPages([], now - 1000, now)).toBe(staleTimeFor([], now - 1000, now));
    const parse = vi.spyOn(Date, 'parse');
    staleTimeForPages(pages, now - 1000, now);
    expect(parse).not.toHaveBeenCalled();
    parse.mockRestore();
  });
});
