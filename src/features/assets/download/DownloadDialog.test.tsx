// @vitest-environment happy-dom
import { afterEach, beforeAll, beforeEach, describe, expect, test, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { i18n } from '@lingui/core';
import type { Asset } from '../../../contract/media.schema.ts';
import { DownloadDialog } from './DownloadDialog.tsx';
import { createTestQueryClient } from '../../../../tests/fixtures/query-client.ts';
import { makeAsset, makeGeneration } from '../../../../tests/fixtures/test-data.ts';
import { generationKeys } from '../../generations/api.ts';
import { renderWithProviders } from '../../../../tests/fixtures/render.tsx';

const toasts = vi.hoisted(() => ({
  success: vi.fn<(title: string, options?: { description?: string }) => void>(),
  error: vi.fn<(title: string, options?: { description?: string }) => void>(),
}));
vi.mock('../../../lib/toast.ts', () => ({ notify: toasts }));

const HOUR_MS = 3_600_000;

/** An upscaled PNG, 3000 × 2000, its links fresh for six hours. */
function asset(overrides: Partial<Asset> = {}): Asset {
  return makeAsset({
    id: 'a1',
    roles: ['image'],
    mime: 'image/png',
    name: 'áo dài.png',
    width: 3000,
    height: 2000,
    bytes: 4_000_000,
    source: 'generation',
    generation_id: 'g1',
    feature: 'upscaler-image',
    created_at: '2026-12-02T05:00:00.000Z',
    urls_expire_at: new Date(Date.now() + 6 * HOUR_MS).toISOString(),
    ...overrides,
  });
}

interface Saved {
  name: string;
  blob: Blob;
}
let saved: Saved[];
let drawn: Array<{ width: number; height: number; type: string; quality: number | undefined }>;
let canvasSize: { width: number; height: number };

beforeAll(() => {
  i18n.loadAndActivate({ locale: 'vi', messages: {} });
});

beforeEach(() => {
  saved = [];
  drawn = [];
  toasts.success.mockClear();
  toasts.error.mockClear();
  const blobs = new Map<string, Blob>();
  vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
    const href = `blob:test/${blobs.size}`;
    blobs.set(href, blob as Blob);
    return href;
  });
  vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
  // The <a download> click is where the browser saves: record it instead.
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push({ name: this.download, blob: blobs.get(this.href)! });
  });
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(new Uint8Array([1, 2, 3, 4]), { headers: { 'Content-Type': 'image/png', 'Content-Length': '4' } })),
  );
  vi.stubGlobal(
    'createImageBitmap',
    vi.fn(async () => ({ width: 3000, height: 2000, close: () => undefined })),
  );
  vi.stubGlobal(
    'OffscreenCanvas',
    class {
      constructor(width: number, height: number) {
        canvasSize = { width, height };
      }
      getContext() {
        return {
          fillStyle: '',
          fillRect: () => undefined,
          imageSmoothingEnabled: false,
          imageSmoothingQuality: 'low',
          drawImage: (_bitmap: unknown, _x: number, _y: number, width: number, height: number) => {
            canvasSize = { width, height };
          },
        };
      }
      async convertToBlob({ type, quality }: { type: string; quality?: number }) {
        drawn.push({ ...canvasSize, type, quality });
        return new Blob([new Uint8Array(8)], { type });
      }
    },
  );
});

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

/** The upscale that made it, of the seller's photo "Áo dài đỏ.jpg": what the saved file is named after. */
const SOURCE = makeAsset({ id: 'src1', name: 'Áo dài đỏ.jpg', source: 'upload', feature: null });
/** The tool, the source and the day (download-name.ts). */
const NAME = 'lam-net-anh-ai-ao-dai-do-2026-12-02';

function renderDialog(value: Asset) {
  const onClose = vi.fn<() => void>();
  const client = createTestQueryClient();
  client.setQueryData(
    generationKeys.detail('g1'),
    makeGeneration({ id: 'g1', feature: 'upscaler-image', status: 'completed', inputs: { image: 'src1' }, input_assets: [SOURCE], results: [value] }),
  );
  renderWithProviders(<DownloadDialog open onClose={onClose} asset={value} />, { client });
  return { onClose };
}

const radio = (name: string, value: string) => document.querySelector<HTMLInputElement>(`input[name="${name}"][value="${value}"]`)!;

describe('DownloadDialog', () => {
  test('original at high quality saves the stored file untouched', async () => {
    const { onClose } = renderDialog(asset());
    expect(radio('size', 'original').checked).toBe(true);
    expect(radio('quality', 'high').checked).toBe(true);
    fireEvent.click(screen.getByTestId('download-submit'));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(saved).toHaveLength(1);
    expect(saved[0]?.name).toBe(`${NAME}.png`);
    expect(saved[0]?.blob.size).toBe(4);
    expect(drawn).toEqual([]);
    expect(toasts.success).toHaveBeenCalledWith('Tải xuống hoàn tất', { description: `${NAME}.png` });
  });

  test('a smaller size at low quality is resized and encoded as JPEG 0.75 in the browser', async () => {
    renderDialog(asset());
    fireEvent.click(radio('size', 'medium'));
    fireEvent.click(radio('quality', 'low'));
    const summary = screen.getByTestId('download-summary');
    expect(summary.dataset.width).toBe('1080');
    expect(summary.dataset.height).toBe('720');
    fireEvent.click(screen.getByTestId('download-submit'));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(drawn).toEqual([{ width: 1080, height: 720, type: 'image/jpeg', quality: 0.75 }]);
    expect(saved[0]?.name).toBe(`${NAME}-1080x720.jpg`);
    expect(saved[0]?.blob.type).toBe('image/jpeg');
  });

  test('a PNG at high quality stays PNG when resized', async () => {
    renderDialog(asset());
    fireEvent.click(radio('size', 'small'));
    fireEvent.click(screen.getByTestId('download-submit'));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(drawn).toEqual([{ width: 800, height: 533, type: 'image/png', quality: undefined }]);
    expect(saved[0]?.name).toBe(`${NAME}-800x533.png`);
  });

  test('a video has its options disabled, explained, and downloads the original', async () => {
    renderDialog(asset({ media_type: 'video', mime: 'video/mp4', name: 'clip.mp4', kind: 'video' }));
    expect(radio('size', 'small').disabled).toBe(true);
    expect(radio('quality', 'low').disabled).toBe(true);
    expect(screen.getByText('Video được tải xuống nguyên bản. Chất lượng và kích thước chỉ áp dụng cho ảnh.')).toBeTruthy();
    fireEvent.click(screen.getByTestId('download-submit'));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]?.name).toBe(`${NAME}.mp4`);
    expect(drawn).toEqual([]);
  });

  test('a failed fetch shows "Download Failed" and keeps the dialog open', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('gone', { status: 404 })),
    );
    const { onClose } = renderDialog(asset());
    fireEvent.click(screen.getByTestId('download-submit'));
    await waitFor(() => expect(toasts.error).toHaveBeenCalledWith('Tải xuống thất bại', { description: 'Không tải được tệp' }));
    expect(onClose).not.toHaveBeenCalled();
    expect(saved).toEqual([]);
    expect((screen.getByTestId('download-submit') as HTMLButtonElement).disabled).toBe(false);
  });

  test('an over-4K original carries the warning', () => {
    renderDialog(asset({ width: 7680, height: 4320, warnings: ['over4k'] }));
    expect(screen.getByTestId('over4k-warning').textContent).toContain('Kích thước vượt quá 4K');
    fireEvent.click(radio('size', 'large'));
    expect(screen.queryByTestId('over4k-warning')).toBeNull();
  });
});
