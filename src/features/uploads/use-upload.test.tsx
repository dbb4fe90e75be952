// @vitest-environment happy-dom
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { act, waitFor } from '@testing-library/react';
import type { Asset } from '../../contract/media.schema.ts';
import { notify } from '../../lib/toast.ts';
import { makeAsset } from '../../../tests/fixtures/test-data.ts';
import { createTestQueryClient } from '../../../tests/fixtures/query-client.ts';
import { useUpload, type UseUploadOptions } from './use-upload.ts';
import type { UploadFileOptions } from './transport.ts';
import { renderHookWithProviders } from '../../../tests/fixtures/render.tsx';

vi.mock('../../lib/toast.ts', () => import('../../../tests/fixtures/toast.ts'));

/** Every upload succeeds with an asset named after the file, after its progress reached half. */
async function fakeUpload(file: File, options: UploadFileOptions): Promise<Asset> {
  options.onProgress?.({ loaded: 50, total: 100, fraction: 0.5 });
  await Promise.resolve();
  return makeAsset({ id: `asset-${file.name}`, name: file.name });
}

function renderUpload(options: Omit<UseUploadOptions, 'upload'>) {
  const client = createTestQueryClient();
  const invalidate = vi.spyOn(client, 'invalidateQueries');
  return { invalidate, ...renderHookWithProviders(() => useUpload({ ...options, upload: fakeUpload }), { client }) };
}

const jpeg = (name: string) => new File([new Uint8Array(64)], name, { type: 'image/jpeg' });

beforeEach(() => {
  vi.mocked(notify.success).mockClear();
  vi.mocked(notify.error).mockClear();
});

describe('useUpload', () => {
  it("uploads a model photo, hands over the asset and toasts the kind's success once", async () => {
    const onUploaded = vi.fn<NonNullable<UseUploadOptions['onUploaded']>>();
    const { result, invalidate } = renderUpload({ kind: 'model', onUploaded });
    act(() => result.current.add([jpeg('me.jpg')]));
    await waitFor(() => expect(result.current.items[0]?.status).toBe('done'));
    expect(result.current.assets.map((asset) => asset.id)).toEqual(['asset-me.jpg']);
    expect(result.current.isUploading).toBe(false);
    expect(onUploaded).toHaveBeenCalledWith(expect.objectContaining({ id: 'asset-me.jpg' }), expect.objectContaining({ status: 'done' }));
    expect(notify.success).toHaveBeenCalledTimes(1);
    expect(notify.success).toHaveBeenCalledWith('Tải ảnh người mẫu thành công', undefined);
    // The library shows the new asset.
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ['assets', 'list'] });
  });

  it('refuses a wrong type before sending, with its message inline and in the toast', async () => {
    const { result } = renderUpload({ kind: 'garment', multiple: true });
    act(() => result.current.add([new File(['GIF89a'], 'shirt.gif', { type: 'image/gif' })]));
    await waitFor(() => expect(notify.error).toHaveBeenCalledTimes(1));
    const message = 'Loại tệp không hợp lệ. Vui lòng chỉ tải lên tệp JPEG, PNG, WebP.';
    expect(result.current.items[0]).toMatchObject({ status: 'invalid', errorText: message });
    expect(notify.error).toHaveBeenCalledWith('Tải ảnh trang phục thất bại', { description: message });
  });

  it('several garments: one success toast for the batch, with the count', async () => {
    const { result } = renderUpload({ kind: 'garment', multiple: true });
    act(() => result.current.add([jpeg('a.jpg'), jpeg('b.jpg'), jpeg('c.jpg'), jpeg('d.jpg')]));
    await waitFor(() => expect(result.current.assets).toHaveLength(4));
    expect(notify.success).toHaveBeenCalledTimes(1);
    expect(notify.success).toHaveBeenCalledWith('Tải ảnh trang phục thành công', { description: 'Đã tải lên 4 tệp.' });
  });

  it('takes the files of a paste or a drop, and leaves a text paste alone', async () => {
    const { result } = renderUpload({ kind: 'image', multiple: true });
    const textPaste = { clipboardData: { items: [{ kind: 'string', getAsFile: () => null }] }, preventDefault: vi.fn<() => void>() };
    expect(result.current.addFromPaste(textPaste)).toBe(false);
    expect(textPaste.preventDefault).not.toHaveBeenCalled();

    const drop = { dataTransfer: { files: [jpeg('dropped.jpg')] }, preventDefault: vi.fn<() => void>() };
    let taken = false;
    act(() => {
      taken = result.current.addFromDrop(drop);
    });
    expect(taken).toBe(true);
    expect(drop.preventDefault).toHaveBeenCalled();
    await waitFor(() => expect(result.current.assets.map((asset) => asset.name)).toEqual(['dropped.jpg']));
    expect(result.current.accept).toContain('image/webp');
  });
});
