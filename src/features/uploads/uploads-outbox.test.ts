import { describe, expect, it, vi } from 'vitest';
import type { Asset } from '../../contract/media.schema.ts';
import { ApiError } from '../../lib/api.ts';
import { makeAsset } from '../../../tests/fixtures/test-data.ts';
import { createUploader, type BatchResult, type UploaderOptions, type UploaderOutbox, type UploadItem } from './uploader.ts';

/** The uploader's hand-off to the offline outbox: offline, or when an upload gets no answer, a file waits instead of failing. */

const image = (name: string) => new File([new Uint8Array([255, 216, 255, 0])], name, { type: 'image/jpeg' });
const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

function fakeOutbox(offline: boolean) {
  const enqueued: File[] = [];
  const cancelled: Asset[] = [];
  let release: (() => void) | null = null;
  let hold = false;
  const outbox: UploaderOutbox = {
    isOffline: () => offline,
    async enqueue(file) {
      enqueued.push(file);
      if (hold) await new Promise<void>((resolve) => (release = resolve));
      return makeAsset({ id: `outbox:${file.name}`, name: file.name });
    },
    cancel: (placeholder) => void cancelled.push(placeholder),
  };
  return { outbox, enqueued, cancelled, holdNext: () => void (hold = true), release: () => release?.() };
}

describe('the uploader and the offline outbox', () => {
  it('offline: hands every file to the outbox without trying, as waiting items with their placeholders', async () => {
    const { outbox, enqueued } = fakeOutbox(true);
    const upload = vi.fn<NonNullable<UploaderOptions['upload']>>();
    const batches = vi.fn<(result: BatchResult) => void>();
    const uploaded = vi.fn<(item: UploadItem) => void>();
    const uploader = createUploader({ kind: 'image', multiple: true, maxFiles: 10, upload, outbox, onBatchSettled: batches, onUploaded: uploaded });
    uploader.add([image('1.jpg'), image('2.jpg')]);
    await flush();
    expect(upload).not.toHaveBeenCalled();
    expect(enqueued.map((file) => file.name)).toEqual(['1.jpg', '2.jpg']);
    expect(uploader.getSnapshot().map((item) => [item.status, item.asset?.id])).toEqual([
      ['waiting', 'outbox:1.jpg'],
      ['waiting', 'outbox:2.jpg'],
    ]);
    // The zone places placeholders like uploaded assets.
    expect(uploaded).toHaveBeenCalledTimes(2);
    expect(batches).toHaveBeenCalledOnce();
    expect(batches.mock.calls[0]![0]).toMatchObject({ succeeded: [], failed: [], waiting: [{ status: 'waiting' }, { status: 'waiting' }] });
  });

  it('waiting files still count against the limit', async () => {
    const { outbox } = fakeOutbox(true);
    const uploader = createUploader({ kind: 'image', multiple: true, maxFiles: 2, upload: vi.fn<NonNullable<UploaderOptions['upload']>>(), outbox });
    uploader.add([image('1.jpg'), image('2.jpg')]);
    await flush();
    const [extra] = uploader.add([image('3.jpg')]);
    expect(extra).toMatchObject({ status: 'invalid', problem: { code: 'tooManyFiles' } });
  });

  it('online: a file whose upload gets no answer waits; a refused one fails', async () => {
    const { outbox, enqueued } = fakeOutbox(false);
    const upload = vi.fn<NonNullable<UploaderOptions['upload']>>(async (file: File) => {
      if (file.name === 'lost.jpg') throw new TypeError('Network request failed');
      if (file.name === 'bad.jpg') throw new ApiError('Upload Failed', 422, { detail: 'Unreadable', code: 'unreadableFile' });
      return makeAsset({ id: file.name });
    });
    const uploader = createUploader({ kind: 'image', multiple: true, upload, outbox });
    uploader.add([image('ok.jpg'), image('lost.jpg'), image('bad.jpg')]);
    await flush();
    expect(uploader.getSnapshot().map((item) => item.status)).toEqual(['done', 'waiting', 'failed']);
    expect(enqueued.map((file) => file.name)).toEqual(['lost.jpg']);
  });

  it('without an outbox, no answer is a failure as before', async () => {
    const upload = vi.fn<NonNullable<UploaderOptions['upload']>>(async () => {
      throw new TypeError('Network request failed');
    });
    const uploader = createUploader({ kind: 'image', upload });
    uploader.add([image('lost.jpg')]);
    await flush();
    expect(uploader.getSnapshot()[0]).toMatchObject({ status: 'failed', problem: { code: 'network' } });
  });

  it('a file removed while it was being stored is taken back out of the outbox', async () => {
    const fake = fakeOutbox(true);
    fake.holdNext();
    const uploader = createUploader({ kind: 'image', upload: vi.fn<NonNullable<UploaderOptions['upload']>>(), outbox: fake.outbox });
    const [item] = uploader.add([image('1.jpg')]);
    await flush();
    uploader.remove(item!.id);
    fake.release();
    await flush();
    expect(fake.cancelled.map((asset) => asset.id)).toEqual(['outbox:1.jpg']);
    expect(uploader.getSnapshot()).toEqual([]);
  });
});
