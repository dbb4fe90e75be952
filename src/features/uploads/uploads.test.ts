import { afterEach, describe, expect, it, vi } from 'vitest';
import { setupI18n } from '@lingui/core';
import { invalidTypeText, MEDIA_MESSAGES, storageFullText, tooLargeText } from '../../contract/media.ts';
import type { Asset } from '../../contract/media.schema.ts';
import { ApiError } from '../../lib/api.ts';
import { describeUploadProblem, MEDIA_MESSAGE_DESCRIPTORS, waitingUploadsText } from './upload-messages.ts';
import { acceptAttribute, checkFile, filesFromDataTransfer, filesFromDrop, filesFromPaste } from './checks.ts';
import { uploadFile, uploadProblemOf, xhrTransport, type UploadFileOptions, type UploadRequest, type UploadTransport } from './transport.ts';
import { createUploader, type BatchResult } from './uploader.ts';
import type { UploadKind } from './upload-messages.ts';
import { makeAsset } from '../../../tests/fixtures/test-data.ts';
import { messages as enApp } from '../../locales/en/app.po';

const i18n = setupI18n({ locale: 'vi', messages: { vi: {} } });
const MB = 1024 * 1024;

/** The Vietnamese message of the upload checks for a file (null when it passes). */
function checkText(file: { name: string; type: string; size: number }, kind: UploadKind, purpose?: 'input' | 'upscale') {
  const problem = checkFile(file, kind, purpose);
  return problem ? describeUploadProblem(problem, i18n) : null;
}

const IMAGE_TYPES = 'Loại tệp không hợp lệ. Vui lòng chỉ tải lên tệp JPEG, PNG, WebP.';
const VIDEO_TYPES = 'Loại tệp không hợp lệ. Vui lòng chỉ tải lên tệp MP4, WebM, MOV.';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('client-side checks', () => {
  it('generation inputs: JPEG, PNG, WebP up to 10 MB', () => {
    for (const kind of ['model', 'garment', 'face', 'hair', 'image', 'mask'] as const) {
      expect(checkText({ name: 'a.jpg', type: 'image/jpeg', size: 10 * MB }, kind)).toBeNull();
      expect(checkText({ name: 'a.png', type: 'image/png', size: 10 * MB + 1 }, kind)).toBe('Tệp quá lớn. Kích thước tối đa là 10MB.');
      expect(checkText({ name: 'a.gif', type: 'image/gif', size: 1_000 }, kind)).toBe(IMAGE_TYPES);
      expect(checkText({ name: 'clip.mp4', type: 'video/mp4', size: 1_000 }, kind)).toBe(IMAGE_TYPES);
    }
    expect(checkText({ name: 'a.webp', type: 'image/webp', size: 5 * MB }, 'garment')).toBeNull();
  });

  it('upscaler images: up to 20 MB', () => {
    expect(checkText({ name: 'big.jpg', type: 'image/jpeg', size: 15 * MB }, 'image', 'upscale')).toBeNull();
    expect(checkText({ name: 'big.jpg', type: 'image/jpeg', size: 20 * MB + 1 }, 'image', 'upscale')).toBe('Tệp quá lớn. Kích thước tối đa là 20MB.');
    expect(checkText({ name: 'doc.pdf', type: 'application/pdf', size: 1_000 }, 'image', 'upscale')).toBe(IMAGE_TYPES);
  });

  it('upscaler videos: MP4, WebM, MOV up to 100 MB', () => {
    expect(checkText({ name: 'clip.mov', type: 'video/quicktime', size: 99 * MB }, 'video', 'upscale')).toBeNull();
    expect(checkText({ name: 'clip.webm', type: 'video/webm', size: 100 * MB + 1 }, 'video', 'upscale')).toBe('Tệp quá lớn. Kích thước tối đa là 100MB.');
    expect(checkText({ name: 'clip.avi', type: 'video/x-msvideo', size: 1_000 }, 'video', 'upscale')).toBe(VIDEO_TYPES);
    expect(checkText({ name: 'photo.jpg', type: 'image/jpeg', size: 1_000 }, 'video', 'upscale')).toBe(VIDEO_TYPES);
  });

  it('reads the extension when the browser gives no type, and knows the aliases', () => {
    expect(checkText({ name: 'IMG_1.JPG', type: '', size: 1_000 }, 'model')).toBeNull();
    expect(checkText({ name: 'scan.heic', type: '', size: 1_000 }, 'model')).toBe(IMAGE_TYPES);
    expect(checkText({ name: 'clip.MOV', type: 'application/octet-stream', size: 1_000 }, 'video', 'upscale')).toBeNull();
    expect(checkText({ name: 'a.jpg', type: 'image/jpg', size: 1_000 }, 'image')).toBeNull();
    // A type given wins over the name.
    expect(checkText({ name: 'fake.jpg', type: 'image/gif', size: 1_000 }, 'image')).toBe(IMAGE_TYPES);
  });

  it('refuses an empty file as unreadable', () => {
    expect(checkText({ name: 'a.png', type: 'image/png', size: 0 }, 'image')).toBe('Không đọc được tệp này. Tệp có thể bị hỏng, vui lòng thử tệp khác.');
  });

  it('gives the accept attribute of each kind', () => {
    expect(acceptAttribute('image')).toBe('image/jpeg,image/png,image/webp,.jpg,.jpeg,.jfif,.png,.webp');
    expect(acceptAttribute('video', 'upscale')).toBe('video/mp4,video/webm,video/quicktime,.mp4,.m4v,.webm,.mov,.qt');
  });
});

function transportAnswering(status: number, body: unknown, seen: UploadRequest[] = []): UploadTransport {
  return async (request) => {
    seen.push(request);
    request.onProgress?.(1_024, 2_300);
    request.onProgress?.(2_300, 2_300);
    return { status, body };
  };
}

/** The Vietnamese message of a server answer to an upscaler image upload. */
async function problemOf(status: number, body: unknown) {
  const file = new File([new Uint8Array(2_048)], 'big.jpg', { type: 'image/jpeg' });
  const error = await uploadFile(file, { kind: 'image', purpose: 'upscale', transport: transportAnswering(status, body), getToken: () => null }).catch(
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(ApiError);
  return describeUploadProblem(uploadProblemOf(error, 'image', 'upscale'), i18n);
}

describe('files waiting for the network', () => {
  it('counts them with the plural forms of each language', () => {
    const english = setupI18n({ locale: 'en', messages: { en: enApp } });
    expect(waitingUploadsText(1, english)).toBe('1 file will upload when you are back online.');
    expect(waitingUploadsText(3, english)).toBe('3 files will upload when you are back online.');
    expect(waitingUploadsText(1, i18n)).toBe('1 tệp sẽ được tải lên khi có mạng trở lại.');
    expect(waitingUploadsText(3, i18n)).toBe('3 tệp sẽ được tải lên khi có mạng trở lại.');
  });
});

describe('uploadFile', () => {
  const file = new File([new Uint8Array(2_048)], 'model.jpg', { type: 'image/jpeg' });

  it('sends purpose, role, then the file, with the bearer token; reports progress; parses the asset', async () => {
    const seen: UploadRequest[] = [];
    const progress: number[] = [];
    const asset = await uploadFile(file, {
      kind: 'model',
      transport: transportAnswering(201, makeAsset(), seen),
      getToken: () => 'token-1',
      onProgress: (p) => progress.push(p.fraction),
    });
    expect(asset.id).toBe('asset-1');
    expect(progress).toEqual([1_024 / 2_300, 1]);
    const [request] = seen;
    expect(request?.url).toBe('/api/media');
    expect(request?.headers.Authorization).toBe('Bearer token-1');
    expect([...request!.form.keys()]).toEqual(['purpose', 'role', 'file']);
    expect(request?.form.get('purpose')).toBe('input');
    expect(request?.form.get('role')).toBe('model');
    expect((request?.form.get('file') as File | undefined)?.name).toBe('model.jpg');
  });

  it('sends a mask as a mask (a working file), and upscaler inputs with their purpose', async () => {
    const seen: UploadRequest[] = [];
    await uploadFile(new File([new Uint8Array(10)], 'mask.png', { type: 'image/png' }), {
      kind: 'mask',
      transport: transportAnswering(201, makeAsset(), seen),
      getToken: () => null,
      onProgress: () => undefined,
    });
    await uploadFile(new File([new Uint8Array(10)], 'clip.mp4', { type: 'video/mp4' }), {
      kind: 'video',
      purpose: 'upscale',
      transport: transportAnswering(201, makeAsset(), seen),
      getToken: () => null,
    });
    expect(seen[0]?.form.get('role')).toBe('mask');
    expect(seen[0]?.headers.Authorization).toBeUndefined();
    expect(seen[1]?.form.get('purpose')).toBe('upscale');
    expect(seen[1]?.form.get('role')).toBe('video');
  });

  it('sends nothing when the checks refuse the file', async () => {
    const transport = vi.fn<UploadTransport>();
    const pdf = new File(['%PDF'], 'doc.pdf', { type: 'application/pdf' });
    await expect(uploadFile(pdf, { kind: 'garment', transport })).rejects.toMatchObject({ name: 'UploadCheckError', problem: { code: 'invalidType' } });
    expect(transport).not.toHaveBeenCalled();
  });

  it("maps the server's coded answers to their messages", async () => {
    // The server names its own limits; they are shown as it says them.
    expect(await problemOf(413, { detail: tooLargeText(20), code: 'tooLarge' })).toBe('Tệp quá lớn. Kích thước tối đa là 20MB.');
    expect(await problemOf(415, { detail: invalidTypeText('JPEG, PNG, WebP, MP4, WebM, MOV'), code: 'invalidType' })).toBe(
      'Loại tệp không hợp lệ. Vui lòng chỉ tải lên tệp JPEG, PNG, WebP, MP4, WebM, MOV.',
    );
    expect(await problemOf(422, { detail: 'This image has too many pixels…', code: 'tooManyPixels' })).toBe(
      'Ảnh này có quá nhiều điểm ảnh để xử lý. Vui lòng tải lên ảnh nhỏ hơn.',
    );
    expect(await problemOf(500, { detail: 'Upload Failed', code: 'uploadFailed' })).toBe('Tải lên thất bại');
    expect(await problemOf(401, { detail: 'Your session has expired.', code: 'sessionExpired' })).toBe('Phiên đăng nhập đã hết hạn. Vui lòng đăng nhập lại.');
    expect(await problemOf(502, undefined)).toBe('Tải lên thất bại');
  });

  it('words the hourly upload limit and a full storage quota from the server’s figures', async () => {
    expect(
      await problemOf(429, {
        detail: 'You have uploaded a lot in the last hour. Please wait 20 minutes and try again.',
        code: 'tooManyUploads',
        retry_after_seconds: 1_141,
      }),
    ).toBe('Bạn đã tải lên khá nhiều trong một giờ qua. Vui lòng đợi 20 phút rồi thử lại.');
    const full = {
      detail: storageFullText(4_987_000_000, 5_000_000_000),
      code: 'storageFull',
      used_bytes: 4_987_000_000,
      limit_bytes: 5_000_000_000,
      file_bytes: 90_000_000,
    };
    expect(await problemOf(413, full)).toBe('Không đủ dung lượng lưu trữ: đã dùng 4,9 GB trên 5 GB. Hãy xóa bớt tệp trong thư viện để tải tệp này lên.');
    // In English, the catalog's text is the contract's, with the sizes worded the English way.
    const english = setupI18n({ locale: 'en', messages: { en: { [MEDIA_MESSAGE_DESCRIPTORS.storageFull.id!]: MEDIA_MESSAGES.storageFull } } });
    expect(describeUploadProblem(uploadProblemOf(new ApiError(full.detail, 413, full), 'image'), english)).toBe(full.detail);
  });

  it('words a lost connection and a stalled upload', () => {
    expect(describeUploadProblem(uploadProblemOf(new TypeError('Network request failed'), 'image'), i18n)).toBe(
      'Không kết nối được máy chủ. Vui lòng kiểm tra mạng và thử lại.',
    );
    expect(describeUploadProblem(uploadProblemOf(new DOMException('slow', 'TimeoutError'), 'image'), i18n)).toBe(
      'Tải lên bị gián đoạn quá lâu. Vui lòng kiểm tra mạng và thử lại.',
    );
  });
});

// ── The XMLHttpRequest transport, against a fake XMLHttpRequest ──

class FakeXhr extends EventTarget {
  static last: FakeXhr | undefined;
  readonly upload = new EventTarget();
  readonly headers: Record<string, string> = {};
  method = '';
  url = '';
  body: unknown;
  status = 0;
  responseText = '';
  aborted = false;

  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  send(body: unknown) {
    this.body = body;
    FakeXhr.last = this;
  }
  abort() {
    this.aborted = true;
    this.dispatchEvent(new Event('abort'));
  }
  progress(loaded: number, total: number) {
    this.upload.dispatchEvent(Object.assign(new Event('progress'), { lengthComputable: true, loaded, total }));
  }
  respond(status: number, body: unknown) {
    this.status = status;
    this.responseText = JSON.stringify(body);
    this.dispatchEvent(new Event('load'));
  }
}

const request = (overrides: Partial<UploadRequest> = {}): UploadRequest => ({
  url: '/api/media',
  form: new FormData(),
  headers: { Authorization: 'Bearer t' },
  idleTimeoutMs: 120_000,
  ...overrides,
});

describe('xhrTransport', () => {
  it('reports upload progress and resolves with the parsed answer', async () => {
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    const progress: [number, number][] = [];
    const answer = xhrTransport(request({ onProgress: (loaded, total) => progress.push([loaded, total]) }));
    const xhr = FakeXhr.last!;
    expect([xhr.method, xhr.url, xhr.headers.Authorization]).toEqual(['POST', '/api/media', 'Bearer t']);
    xhr.progress(100, 400);
    xhr.progress(400, 400);
    xhr.respond(201, { id: 'asset-1' });
    await expect(answer).resolves.toEqual({ status: 201, body: { id: 'asset-1' } });
    expect(progress).toEqual([
      [100, 400],
      [400, 400],
    ]);
  });

  it('aborts the request when its signal aborts', async () => {
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    const controller = new AbortController();
    const answer = xhrTransport(request({ signal: controller.signal }));
    const xhr = FakeXhr.last!;
    xhr.progress(10, 400);
    controller.abort();
    await expect(answer).rejects.toMatchObject({ name: 'AbortError' });
    expect(xhr.aborted).toBe(true);
  });

  it('gives up when nothing moves for the idle timeout, not while progress continues', async () => {
    vi.useFakeTimers();
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    const answer = xhrTransport(request({ idleTimeoutMs: 1_000 }));
    const failure = answer.catch((error: unknown) => error);
    const xhr = FakeXhr.last!;
    for (let step = 1; step <= 5; step += 1) {
      await vi.advanceTimersByTimeAsync(900);
      xhr.progress(step * 10, 100);
    }
    expect(xhr.aborted).toBe(false);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(await failure).toMatchObject({ name: 'TimeoutError' });
    expect(xhr.aborted).toBe(true);
  });

  it('rejects with a TypeError when the network fails, like fetch', async () => {
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    const answer = xhrTransport(request());
    FakeXhr.last!.dispatchEvent(new Event('error'));
    await expect(answer).rejects.toBeInstanceOf(TypeError);
  });
});

// ── Several files ──

/** An upload function whose calls the test settles one by one. */
function controllableUpload() {
  const calls: { file: File; options: UploadFileOptions; resolve: (asset: Asset) => void; reject: (error: unknown) => void }[] = [];
  const upload = (file: File, options: UploadFileOptions) =>
    new Promise<Asset>((resolve, reject) => {
      calls.push({ file, options, resolve, reject });
      options.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
    });
  return { calls, upload };
}

const image = (name: string) => new File([new Uint8Array(100)], name, { type: 'image/jpeg' });
const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('createUploader', () => {
  it('uploads at most three files at once, with per-file progress, and reports the batch once', async () => {
    const { calls, upload } = controllableUpload();
    const batches = vi.fn<(result: BatchResult) => void>();
    const uploader = createUploader({ kind: 'image', multiple: true, upload, onBatchSettled: batches });
    uploader.add(['1.jpg', '2.jpg', '3.jpg', '4.jpg', '5.jpg'].map(image));
    expect(calls).toHaveLength(3);
    expect(uploader.getSnapshot().map((item) => item.status)).toEqual(['uploading', 'uploading', 'uploading', 'queued', 'queued']);

    calls[0]!.options.onProgress?.({ loaded: 50, total: 200, fraction: 0.25 });
    expect(uploader.getSnapshot()[0]).toMatchObject({ progress: 0.25, loaded: 50, total: 200 });

    calls[0]!.resolve(makeAsset({ id: 'a1' }));
    await flush();
    expect(calls).toHaveLength(4);
    calls[1]!.reject(new ApiError('Upload Failed', 500, { detail: 'Upload Failed', code: 'uploadFailed' }));
    for (const call of calls.slice(2)) call.resolve(makeAsset({ id: call.file.name }));
    await flush();
    expect(calls).toHaveLength(5);
    calls[4]!.resolve(makeAsset({ id: 'a5' }));
    await flush();

    expect(uploader.getSnapshot().map((item) => item.status)).toEqual(['done', 'failed', 'done', 'done', 'done']);
    expect(batches).toHaveBeenCalledTimes(1);
    const result = batches.mock.calls[0]?.[0];
    expect(result?.succeeded).toHaveLength(4);
    expect(result?.failed.map((item) => item.problem)).toEqual([{ code: 'uploadFailed' }]);
  });

  it('aborts an upload and a queued file, and retries an aborted one', async () => {
    const { calls, upload } = controllableUpload();
    const uploader = createUploader({ kind: 'garment', multiple: true, concurrency: 1, upload });
    const [first, second] = uploader.add([image('1.jpg'), image('2.jpg')]);
    uploader.abort(second!.id);
    uploader.abort(first!.id);
    await flush();
    expect(calls[0]!.options.signal?.aborted).toBe(true);
    expect(uploader.getSnapshot().map((item) => item.status)).toEqual(['aborted', 'aborted']);
    expect(calls).toHaveLength(1);

    uploader.retry(second!.id);
    expect(calls).toHaveLength(2);
    expect(calls[1]!.file.name).toBe('2.jpg');
  });

  it('refuses invalid files and those beyond maxFiles without sending them', () => {
    const { calls, upload } = controllableUpload();
    const batches = vi.fn<(result: BatchResult) => void>();
    const uploader = createUploader({ kind: 'image', multiple: true, maxFiles: 2, upload, onBatchSettled: batches });
    uploader.add([image('1.jpg'), new File(['x'], 'x.gif', { type: 'image/gif' }), image('2.jpg'), image('3.jpg')]);
    expect(calls.map((call) => call.file.name)).toEqual(['1.jpg', '2.jpg']);
    const refused = uploader.getSnapshot().filter((item) => item.status === 'invalid');
    expect(refused.map((item) => describeUploadProblem(item.problem!, i18n))).toEqual([IMAGE_TYPES, 'Chỉ chọn được tối đa 2 tệp.']);
  });

  it('one file per zone: a new file replaces the previous one and stops its upload', async () => {
    const { calls, upload } = controllableUpload();
    const uploader = createUploader({ kind: 'model', upload });
    uploader.add([image('first.jpg')]);
    uploader.add([image('second.jpg'), image('ignored.jpg')]);
    await flush();
    expect(calls[0]!.options.signal?.aborted).toBe(true);
    expect(uploader.getSnapshot().map((item) => item.file.name)).toEqual(['second.jpg']);
    expect(calls.map((call) => call.file.name)).toEqual(['first.jpg', 'second.jpg']);
  });
});

const item = (file: File) => ({ kind: 'file', getAsFile: () => file });

describe('paste and drop', () => {
  const jpeg = image('photo.jpg');
  const pdf = new File(['%PDF'], 'doc.pdf', { type: 'application/pdf' });
  it('reads files from items, else from files, without counting one twice', () => {
    expect(filesFromDataTransfer({ items: [item(jpeg), { kind: 'string', getAsFile: () => null }], files: [jpeg] })).toEqual([jpeg]);
    expect(filesFromDataTransfer({ items: [], files: [jpeg, pdf] })).toEqual([jpeg, pdf]);
    expect(filesFromDataTransfer(null)).toEqual([]);
  });

  it('keeps the accepted types apart from the others', () => {
    expect(filesFromPaste({ clipboardData: { items: [item(jpeg), item(pdf)] } }, 'image')).toEqual({ accepted: [jpeg], rejected: [pdf] });
    expect(filesFromDrop({ dataTransfer: { files: [jpeg, pdf] } }, 'video', 'upscale')).toEqual({ accepted: [], rejected: [jpeg, pdf] });
    expect(filesFromPaste({ clipboardData: { items: [{ kind: 'string', getAsFile: () => null }] } }, 'image')).toEqual({ accepted: [], rejected: [] });
  });
});
