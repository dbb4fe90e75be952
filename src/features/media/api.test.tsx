// @vitest-environment happy-dom
import { afterEach, describe, expect, test, vi } from 'vitest';
import { act, waitFor } from '@testing-library/react';
import { assetKeys, assetListPath, linksExpiring, msUntilLinksStale, staleTimeFor, URL_EXPIRY_MARGIN_MS, useDeleteAsset } from './api.ts';
import { createTestQueryClient } from '../../../tests/fixtures/query-client.ts';
import { renderHookWithProviders } from '../../../tests/fixtures/render.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('assets query module', () => {
  test('list paths carry only the filters that are set', () => {
    expect(assetListPath({}, null)).toBe('/api/assets');
    expect(assetListPath({ kind: 'video', role: 'video', q: '  váy đỏ ', limit: 30 }, 'c/1')).toBe(
      '/api/assets?kind=video&role=video&q=v%C3%A1y+%C4%91%E1%BB%8F&limit=30&cursor=c%2F1',
    );
    expect(assetListPath({ q: '   ' }, null)).toBe('/api/assets');
  });

  test('equal filters share a cache key', () => {
    expect(assetKeys.list({ q: ' dress ', kind: undefined })).toEqual(assetKeys.list({ q: 'dress' }));
    expect(assetKeys.list({ q: '' })).toEqual(assetKeys.list({}));
  });

  test('data goes stale before its links expire', () => {
    const now = Date.parse('2025-01-01T12:00:00Z');
    const inAnHour = { urls_expire_at: '2025-01-01T13:00:00Z' };
    const inTenMinutes = { urls_expire_at: '2025-01-01T12:10:00Z' };
    expect(msUntilLinksStale([inAnHour, inTenMinutes], now)).toBe(10 * 60_000 - URL_EXPIRY_MARGIN_MS);
    expect(msUntilLinksStale([], now)).toBe(Number.POSITIVE_INFINITY);
    expect(linksExpiring(inTenMinutes, now)).toBe(false);
    expect(linksExpiring({ urls_expire_at: '2025-01-01T12:04:00Z' }, now)).toBe(true);
    // Fetched 20 s ago: fresh for the usual 30 s, unless the links die within the margin sooner.
    expect(staleTimeFor([inAnHour], now - 20_000, now)).toBe(30_000);
    expect(staleTimeFor([{ urls_expire_at: '2025-01-01T12:05:05Z' }], now - 20_000, now)).toBe(25_000);
  });

  test('deleting an asset refetches the lists and forgets the asset', async () => {
    const requests: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
        requests.push(`${init?.method ?? 'GET'} ${String(input)}`);
        return new Response(null, { status: 204 });
      }),
    );
    const client = createTestQueryClient();
    client.setQueryData(assetKeys.detail('a1'), { id: 'a1' });
    client.setQueryData(assetKeys.list({ kind: 'image' }), { pages: [], pageParams: [] });
    const { result } = renderHookWithProviders(() => useDeleteAsset(), { client });
    await act(() => result.current.mutateAsync('a1'));
    expect(requests).toEqual(['DELETE /api/assets/a1']);
    expect(client.getQueryData(assetKeys.detail('a1'))).toBeUndefined();
    await waitFor(() => expect(client.getQueryState(assetKeys.list({ kind: 'image' }))?.isInvalidated).toBe(true));
  });
});
