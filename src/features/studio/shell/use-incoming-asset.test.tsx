// @vitest-environment happy-dom
import { afterEach, beforeAll, beforeEach, describe, expect, test, vi } from 'vitest';
import { cleanup, renderHook, waitFor } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import { i18n } from '@lingui/core';
import type { Asset } from '../../../contract/media.schema.ts';
import { notify } from '../../../lib/toast.ts';
import { assetKeys } from '../../media/api.ts';
import { jsonResponse, makeAsset } from '../../../../tests/fixtures/test-data.ts';
import { useIncomingAsset, type IncomingAssetJob } from './use-incoming-asset.ts';
import { testProviders } from '../../../../tests/fixtures/render.tsx';

// The address of the page: what useSearch answers, and what navigate was asked to do.
const router = vi.hoisted(() => ({ search: {} as Record<string, unknown>, navigate: vi.fn<(options: unknown) => Promise<void>>() }));
vi.mock('@tanstack/react-router', () => ({
  useSearch: () => router.search,
  useNavigate: () => router.navigate,
}));
vi.mock('../../../lib/toast.ts', () => ({ notify: { success: vi.fn<(title: string) => void>(), error: vi.fn<(title: string) => void>() } }));

const IMAGE = makeAsset({ id: 'img-1', roles: ['image', 'model', 'garment', 'face', 'hair'] });
const VIDEO = makeAsset({ id: 'vid-1', media_type: 'video', kind: 'video', roles: ['video'], mime: 'video/mp4' });

let assets: Record<string, Asset>;
const fetches: string[] = [];

beforeAll(() => {
  i18n.loadAndActivate({ locale: 'vi', messages: {} });
});

beforeEach(() => {
  assets = { [IMAGE.id]: IMAGE, [VIDEO.id]: VIDEO };
  fetches.length = 0;
  router.search = {};
  router.navigate.mockReset();
  router.navigate.mockResolvedValue(undefined);
  vi.mocked(notify.error).mockClear();
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const path = new URL(String(input), 'http://localhost').pathname;
      fetches.push(path);
      const asset = assets[decodeURIComponent(path.split('/').at(-1) ?? '')];
      return asset ? jsonResponse(asset) : jsonResponse({ message: 'Failed to load asset' }, 404);
    }),
  );
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function setup(client = new QueryClient({ defaultOptions: { queries: { retry: false } } })) {
  return testProviders({ client });
}

/** What the last navigate left of the address. */
function searchAfterNavigate(previous: Record<string, unknown>): unknown {
  const options = router.navigate.mock.lastCall?.[0] as { search: (previous: Record<string, unknown>) => unknown; replace: boolean; to: string };
  expect(options.replace).toBe(true);
  expect(options.to).toBe('.');
  return options.search(previous);
}

describe('useIncomingAsset', () => {
  test('fills the input named by ?as=, then drops ?asset and ?as from the address', async () => {
    router.search = { asset: 'img-1', as: 'garment' };
    const model = vi.fn<(asset: Asset) => void>();
    const garment = vi.fn<(asset: Asset) => void>();
    const { wrapper } = setup();
    renderHook(() => useIncomingAsset('virtual-tryon', { model, garment }), { wrapper });
    await waitFor(() => expect(garment).toHaveBeenCalledWith(IMAGE));
    expect(model).not.toHaveBeenCalled();
    expect(fetches).toEqual(['/api/assets/img-1']);
    expect(searchAfterNavigate({ asset: 'img-1', as: 'garment', other: 'kept' })).toEqual({ other: 'kept' });
  });

  test('uses the cached asset without fetching it again', async () => {
    router.search = { asset: 'vid-1', as: 'video' };
    const { client, wrapper } = setup();
    client.setQueryData(assetKeys.detail('vid-1'), VIDEO);
    const image = vi.fn<(asset: Asset) => void>();
    const video = vi.fn<(asset: Asset) => void>();
    renderHook(() => useIncomingAsset('upscaler', { image, video }), { wrapper });
    await waitFor(() => expect(video).toHaveBeenCalledWith(VIDEO));
    expect(image).not.toHaveBeenCalled();
    expect(fetches).toEqual([]);
  });

  test('fills once, even when the screen renders again before the address changes', async () => {
    router.search = { asset: 'img-1', as: 'face' };
    const face = vi.fn<(asset: Asset) => void>();
    const { wrapper } = setup();
    const { rerender } = renderHook(() => useIncomingAsset('body-generator', { face }), { wrapper });
    await waitFor(() => expect(face).toHaveBeenCalledTimes(1));
    rerender();
    rerender();
    expect(face).toHaveBeenCalledTimes(1);
    expect(router.navigate).toHaveBeenCalledTimes(1);
  });

  test('waits for the studio to find its running job, then leaves a shown result for the form', async () => {
    router.search = { asset: 'img-1', as: 'image' };
    const image = vi.fn<(asset: Asset) => void>();
    const job: IncomingAssetJob = { status: 'idle', isReattaching: true, reset: vi.fn<() => void>() };
    const { wrapper } = setup();
    const { rerender } = renderHook(({ current }: { current: IncomingAssetJob }) => useIncomingAsset('image-to-video', { image }, current), {
      wrapper,
      initialProps: { current: job },
    });
    await waitFor(() => expect(fetches).toEqual(['/api/assets/img-1']));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(image).not.toHaveBeenCalled();
    const showingResult: IncomingAssetJob = { status: 'completed', isReattaching: false, reset: vi.fn<() => void>() };
    rerender({ current: showingResult });
    await waitFor(() => expect(image).toHaveBeenCalledWith(IMAGE));
    expect(showingResult.reset).toHaveBeenCalledTimes(1);
  });

  test('an asset that fits no input here is refused with a toast, and the address is cleaned', async () => {
    router.search = { asset: 'vid-1', as: 'model' };
    const model = vi.fn<(asset: Asset) => void>();
    const garment = vi.fn<(asset: Asset) => void>();
    const { wrapper } = setup();
    renderHook(() => useIncomingAsset('virtual-tryon', { model, garment }), { wrapper });
    await waitFor(() => expect(notify.error).toHaveBeenCalledTimes(1));
    expect(model).not.toHaveBeenCalled();
    expect(garment).not.toHaveBeenCalled();
    expect(searchAfterNavigate({ asset: 'vid-1', as: 'model' })).toEqual({});
  });

  test('a deleted asset says so and the address is cleaned', async () => {
    router.search = { asset: 'gone', as: 'hair' };
    const photo = vi.fn<(asset: Asset) => void>();
    const { wrapper } = setup();
    renderHook(() => useIncomingAsset('hairstyle-changer', { photo }), { wrapper });
    await waitFor(() => expect(notify.error).toHaveBeenCalledWith('Không tải được tệp', expect.anything()));
    expect(photo).not.toHaveBeenCalled();
    expect(router.navigate).toHaveBeenCalledTimes(1);
  });

  test('no link, nothing happens', async () => {
    const images = vi.fn<(asset: Asset) => void>();
    const { wrapper } = setup();
    renderHook(() => useIncomingAsset('image-editing', { images }), { wrapper });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(fetches).toEqual([]);
    expect(images).not.toHaveBeenCalled();
    expect(router.navigate).not.toHaveBeenCalled();
  });
});
