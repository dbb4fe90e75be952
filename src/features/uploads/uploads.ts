import * as v from 'valibot';
import {
  AssetSchema,
  MEDIA_MESSAGES,
  UPLOAD_LIMITS,
  type Asset,
  type AssetRole,
  type MediaMessageKey,
  type UploadPurpose,
} from '../../contract/media.ts';
import { apiUrl, ApiError, DEFAULT_TIMEOUT_MS, errorMessage } from '../../lib/api.ts';
import { getSession } from '../../lib/session.ts';
import { isAuthCode } from '../auth/messages.ts';
import type { UploadKind, UploadProblem } from './upload-messages.ts';

/**
 * Uploads of the studios (spec §5 Uploads and Upscaler, §9 file limits; README "Generations"):
 * the client-side checks run before a byte is sent, then `POST /api/media` (multipart) goes out
 * over XMLHttpRequest, the one browser API that reports upload progress, with the same bearer
 * token and API origin as src/lib/api.ts. Several files upload at once, a few at a time
 * (`createUploader`). No React and no UI text here: see use-upload.ts and upload-messages.ts.
 */

export type { UploadKind, UploadProblem } from './upload-messages.ts';

// ── Limits and checks ─────────────────────────────────────────────────────────────────

/**
 * The asset role each kind is uploaded as (the server's limits and the picker's tabs follow it).
 * A mask has no role of its own in the contract: it is sent without one (an image input).
 */
export const KIND_ROLE: Readonly<Record<UploadKind, AssetRole | null>> = {
  model: 'model',
  garment: 'garment',
  face: 'face',
  hair: 'hair',
  image: 'image',
  video: 'video',
  mask: null,
};

/** File name extensions of each accepted MIME type: the fallback when the browser gives no type. */
const EXTENSIONS: Readonly<Record<string, readonly string[]>> = {
  'image/jpeg': ['jpg', 'jpeg', 'jfif'],
  'image/png': ['png'],
  'image/webp': ['webp'],
  'video/mp4': ['mp4', 'm4v'],
  'video/webm': ['webm'],
  'video/quicktime': ['mov', 'qt'],
};

/** Non-standard names some systems give the same types. */
const MIME_ALIASES: Readonly<Record<string, string>> = { 'image/jpg': 'image/jpeg', 'image/pjpeg': 'image/jpeg', 'video/x-m4v': 'video/mp4' };

export interface UploadLimit {
  mimeTypes: readonly string[];
  extensions: readonly string[];
  maxBytes: number;
  maxMegabytes: number;
  /** What the invalid-type message names, e.g. 'JPEG, PNG, WebP'. */
  label: string;
}

/**
 * What a kind of upload accepts (contract UPLOAD_LIMITS, as the server applies them): images
 * JPEG, PNG, WebP up to 10 MB, 20 MB for the upscaler (`purpose` 'upscale'); videos (only the
 * upscaler takes them) MP4, WebM, MOV up to 100 MB.
 */
export function uploadLimit(kind: UploadKind, purpose: UploadPurpose = 'input'): UploadLimit {
  const limit = kind === 'video' ? UPLOAD_LIMITS.upscaleVideo : purpose === 'upscale' ? UPLOAD_LIMITS.upscaleImage : UPLOAD_LIMITS.image;
  return { ...limit, extensions: limit.mimeTypes.flatMap((mime) => EXTENSIONS[mime] ?? []) };
}

/** The `accept` attribute of a file input for this kind: the MIME types and their extensions. */
export function acceptAttribute(kind: UploadKind, purpose: UploadPurpose = 'input'): string {
  const limit = uploadLimit(kind, purpose);
  return [...limit.mimeTypes, ...limit.extensions.map((extension) => `.${extension}`)].join(',');
}

function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot >= 0 ? name.slice(dot + 1).toLowerCase() : '';
}

/** The part of a File the checks read (a File, or a plain object in tests). */
export type FileFacts = Pick<File, 'name' | 'type' | 'size'>;

/**
 * Whether a file is of an accepted type: by its MIME type when the browser gives one, else (an
 * empty or generic type, as some Android pickers and drags from other apps give) by its name's
 * extension. The server reads the first bytes anyway; this only spares a doomed upload.
 */
export function isAcceptedType(file: FileFacts, limit: UploadLimit): boolean {
  const raw = file.type.trim().toLowerCase();
  const mime = MIME_ALIASES[raw] ?? raw;
  if (mime && mime !== 'application/octet-stream') return limit.mimeTypes.includes(mime);
  return limit.extensions.includes(extensionOf(file.name));
}

/** The §5 checks of one file, before anything is sent: null when it may go, else the problem (invalid type, too large, empty). */
export function checkFile(file: FileFacts, kind: UploadKind, purpose: UploadPurpose = 'input'): UploadProblem | null {
  const limit = uploadLimit(kind, purpose);
  if (!isAcceptedType(file, limit)) return { code: 'invalidType', values: { acceptedTypes: limit.label } };
  if (file.size > limit.maxBytes) return { code: 'tooLarge', values: { maxSize: limit.maxMegabytes } };
  if (file.size === 0) return { code: 'unreadableFile' };
  return null;
}

/** Splits files into those of an accepted type and the others. */
export function partitionByType<T extends FileFacts>(files: Iterable<T>, kind: UploadKind, purpose: UploadPurpose = 'input'): { accepted: T[]; rejected: T[] } {
  const limit = uploadLimit(kind, purpose);
  const accepted: T[] = [];
  const rejected: T[] = [];
  for (const file of files) (isAcceptedType(file, limit) ? accepted : rejected).push(file);
  return { accepted, rejected };
}

// ── Paste and drop ────────────────────────────────────────────────────────────────────

/** The part of a DataTransfer (clipboard or drag) the helpers read. */
export interface DataTransferLike {
  readonly files?: ArrayLike<File> | null;
  readonly items?: ArrayLike<{ readonly kind: string; getAsFile(): File | null }> | null;
}

/**
 * Every file a clipboard or a drop carries. Browsers list a pasted file in `items`, in `files`, or
 * in both (the same file twice): the items are read first and `files` only when they gave none.
 */
export function filesFromDataTransfer(data: DataTransferLike | null | undefined): File[] {
  if (!data) return [];
  const fromItems: File[] = [];
  for (const item of Array.from(data.items ?? [])) {
    if (item.kind !== 'file') continue;
    const file = item.getAsFile();
    if (file) fromItems.push(file);
  }
  return fromItems.length > 0 ? fromItems : Array.from(data.files ?? []);
}

/** The files of a paste event, split by accepted type (a text paste gives none: leave the event alone then). */
export function filesFromPaste(event: { clipboardData: DataTransferLike | null }, kind: UploadKind, purpose: UploadPurpose = 'input') {
  return partitionByType(filesFromDataTransfer(event.clipboardData), kind, purpose);
}

/** The files of a drop event, split by accepted type. */
export function filesFromDrop(event: { dataTransfer: DataTransferLike | null }, kind: UploadKind, purpose: UploadPurpose = 'input') {
  return partitionByType(filesFromDataTransfer(event.dataTransfer), kind, purpose);
}

// ── Transport ─────────────────────────────────────────────────────────────────────────

export interface UploadRequest {
  url: string;
  form: FormData;
  headers: Record<string, string>;
  signal?: AbortSignal;
  /** Bytes of the request body sent so far, of `total`. */
  onProgress?: (loaded: number, total: number) => void;
  /** The upload is given up when nothing moves (no progress, no answer) for this long, in ms. */
  idleTimeoutMs: number;
}

export interface UploadResponse {
  status: number;
  body: unknown;
}

/** Sends a multipart body and reads the answer; rejects like fetch: TypeError (no answer), AbortError, TimeoutError. */
export type UploadTransport = (request: UploadRequest) => Promise<UploadResponse>;

function parseBody(text: string): unknown {
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

function abortReason(signal: AbortSignal): unknown {
  return signal.reason instanceof DOMException ? signal.reason : new DOMException('The upload was aborted.', 'AbortError');
}

/**
 * The browser's transport: XMLHttpRequest, whose `upload` reports progress (fetch has no upload
 * progress). The idle timeout restarts with each progress event, so a large video on a slow
 * line is not cut off while it still moves, and a stalled one is.
 */
export const xhrTransport: UploadTransport = (request) =>
  new Promise<UploadResponse>((resolve, reject) => {
    const { signal } = request;
    if (signal?.aborted) {
      reject(abortReason(signal));
      return;
    }
    const xhr = new XMLHttpRequest();
    let timer: ReturnType<typeof setTimeout> | undefined;
    let settled = false;
    const onAbort = () => {
      if (signal) settle(() => reject(abortReason(signal)));
      xhr.abort();
    };
    const settle = (done: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
      done();
    };
    const arm = () => {
      clearTimeout(timer);
      timer = setTimeout(() => {
        settle(() => reject(new DOMException('The upload timed out.', 'TimeoutError')));
        xhr.abort();
      }, request.idleTimeoutMs);
    };

    xhr.open('POST', request.url);
    for (const [name, value] of Object.entries(request.headers)) xhr.setRequestHeader(name, value);
    xhr.upload.addEventListener('progress', (event) => {
      arm();
      if (event.lengthComputable) request.onProgress?.(event.loaded, event.total);
    });
    xhr.addEventListener('load', () => settle(() => resolve({ status: xhr.status, body: parseBody(xhr.responseText) })));
    xhr.addEventListener('error', () => settle(() => reject(new TypeError('Network request failed'))));
    xhr.addEventListener('timeout', () => settle(() => reject(new DOMException('The upload timed out.', 'TimeoutError'))));
    xhr.addEventListener('abort', () => settle(() => reject(new DOMException('The upload was aborted.', 'AbortError'))));
    signal?.addEventListener('abort', onAbort, { once: true });
    xhr.send(request.form);
    arm();
  });

// ── One upload ────────────────────────────────────────────────────────────────────────

/** The client-side check refused the file: nothing was sent. */
export class UploadCheckError extends Error {
  readonly problem: UploadProblem;

  constructor(problem: UploadProblem) {
    super(problem.code);
    this.name = 'UploadCheckError';
    this.problem = problem;
  }
}

export interface UploadProgress {
  loaded: number;
  total: number;
  /** 0 to 1. */
  fraction: number;
}

export interface UploadFileOptions {
  kind: UploadKind;
  purpose?: UploadPurpose;
  signal?: AbortSignal;
  onProgress?: (progress: UploadProgress) => void;
  /** Injected in tests; the browser's XMLHttpRequest otherwise. */
  transport?: UploadTransport;
  /** The bearer token; the session's (the same one src/lib/api.ts sends) otherwise. */
  getToken?: () => string | null;
}

/**
 * Checks a file (spec §5) and uploads it: `POST /api/media` with `purpose`, `role` and then the
 * file (the server applies the exact limit only when the fields come first). Resolves to the
 * stored asset; rejects with UploadCheckError (refused before sending), ApiError (the server's
 * answer, with its coded body), or the transport's TypeError / AbortError / TimeoutError.
 */
export async function uploadFile(file: File, options: UploadFileOptions): Promise<Asset> {
  const purpose = options.purpose ?? 'input';
  const problem = checkFile(file, options.kind, purpose);
  if (problem) throw new UploadCheckError(problem);

  const form = new FormData();
  form.append('purpose', purpose);
  const role = KIND_ROLE[options.kind];
  if (role) form.append('role', role);
  form.append('file', file, file.name);

  const headers: Record<string, string> = { Accept: 'application/json' };
  const token = (options.getToken ?? (() => getSession().getToken()))();
  if (token) headers.Authorization = `Bearer ${token}`;

  const transport = options.transport ?? xhrTransport;
  const { status, body } = await transport({
    url: apiUrl('/api/media'),
    form,
    headers,
    signal: options.signal,
    onProgress: (loaded, total) => options.onProgress?.({ loaded, total, fraction: total > 0 ? Math.min(1, loaded / total) : 0 }),
    idleTimeoutMs: DEFAULT_TIMEOUT_MS,
  });
  if (status < 200 || status >= 300) throw new ApiError(errorMessage('POST', status, body), status, body);
  return v.parse(AssetSchema, body);
}

/** `{placeholder}` of a contract template, read back from the server's filled-in text. */
function placeholderValue(template: string, text: string): string | undefined {
  const [before = '', after = ''] = template.split(/\{\w+\}/);
  if (!text.startsWith(before) || !text.endsWith(after) || text.length < before.length + after.length) return undefined;
  return text.slice(before.length, text.length - after.length) || undefined;
}

const SECONDS_PER_MINUTE = 60;

function isMediaCode(value: unknown): value is MediaMessageKey {
  return typeof value === 'string' && Object.hasOwn(MEDIA_MESSAGES, value);
}

/**
 * What went wrong with an upload, for the messages: the client-side check's problem, the
 * server's code (with the accepted types or the size limit it named, else the client's own),
 * an auth code (the session ended), a lost connection or a stalled upload.
 */
export function uploadProblemOf(error: unknown, kind: UploadKind, purpose: UploadPurpose = 'input'): UploadProblem {
  if (error instanceof UploadCheckError) return error.problem;
  if (error instanceof ApiError) {
    const body = error.body && typeof error.body === 'object' ? (error.body as Record<string, unknown>) : {};
    const limit = uploadLimit(kind, purpose);
    if (isMediaCode(body.code)) {
      if (body.code === 'invalidType') {
        return { code: 'invalidType', values: { acceptedTypes: placeholderValue(MEDIA_MESSAGES.invalidType, error.message) ?? limit.label } };
      }
      if (body.code === 'tooLarge') {
        const named = Number(placeholderValue(MEDIA_MESSAGES.tooLarge, error.message));
        return { code: 'tooLarge', values: { maxSize: Number.isFinite(named) && named > 0 ? named : limit.maxMegabytes } };
      }
      if (body.code === 'tooManyUploads') {
        const seconds = typeof body.retry_after_seconds === 'number' && body.retry_after_seconds > 0 ? body.retry_after_seconds : SECONDS_PER_MINUTE;
        return { code: 'tooManyUploads', values: { n: Math.max(1, Math.ceil(seconds / SECONDS_PER_MINUTE)) } };
      }
      if (body.code === 'storageFull' && typeof body.used_bytes === 'number' && typeof body.limit_bytes === 'number') {
        return { code: 'storageFull', storage: { usedBytes: body.used_bytes, limitBytes: body.limit_bytes } };
      }
      if (body.code === 'storageFull') return { code: 'uploadFailed', serverText: error.message };
      return { code: body.code };
    }
    if (isAuthCode(body.code)) return { code: 'uploadFailed', authCode: body.code };
    return { code: 'uploadFailed', serverText: error.message };
  }
  if (error instanceof DOMException && error.name === 'TimeoutError') return { code: 'timeout' };
  if (error instanceof TypeError) return { code: 'network' };
  return { code: 'uploadFailed' };
}

export function isAbortError(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError';
}

// ── Several uploads ───────────────────────────────────────────────────────────────────

/** At most this many files upload at once: more only split the same bandwidth and delay the first result. */
export const UPLOAD_CONCURRENCY = 3;

/** `waiting`: no network, so the file went to the offline outbox; `asset` is its placeholder until it is sent. */
export type UploadStatus = 'invalid' | 'queued' | 'uploading' | 'waiting' | 'done' | 'failed' | 'aborted';

export interface UploadItem {
  id: string;
  file: File;
  status: UploadStatus;
  /** Bytes of the request sent, of `total` (the multipart body, a little more than the file). */
  loaded: number;
  total: number;
  /** 0 to 1. */
  progress: number;
  asset: Asset | null;
  problem: UploadProblem | null;
}

export interface BatchResult {
  kind: UploadKind;
  /** Files uploaded. */
  succeeded: UploadItem[];
  /** Files refused by the checks or by the server, or that failed on the way (aborted ones are in neither list). */
  failed: UploadItem[];
  /** Files that went to the offline outbox: they are sent when the network is back. */
  waiting: UploadItem[];
}

/** Where files go when there is no network (src/lib/offline/outbox-client.ts), instead of failing. */
export interface UploaderOutbox {
  /** The browser says it is offline: hand files over without trying. */
  isOffline(): boolean;
  /** Stores the file; resolves to the placeholder asset standing for it until it is sent. */
  enqueue(file: File): Promise<Asset>;
  /** Takes back a file handed over for an item that was removed meanwhile. */
  cancel(placeholder: Asset): void;
}

export interface UploaderOptions {
  kind: UploadKind;
  purpose?: UploadPurpose;
  /** Several files (multi-image editing, garments); otherwise a new file replaces the previous one. */
  multiple?: boolean;
  /** With `multiple`: at most this many files kept (queued, uploading or done); extra ones are refused. */
  maxFiles?: number;
  /** Uploads at once (UPLOAD_CONCURRENCY by default). */
  concurrency?: number;
  /** Injected in tests; `uploadFile` otherwise. */
  upload?: (file: File, options: UploadFileOptions) => Promise<Asset>;
  /** Offline, or when an upload gets no answer at all, files wait here (status `waiting`) instead of failing. */
  outbox?: UploaderOutbox;
  /** Each file uploaded (or handed to the outbox, with its placeholder), in the order they finish. */
  onUploaded?: (item: UploadItem) => void;
  /** Once every file of one `add` (or one `retry`) has settled. */
  onBatchSettled?: (result: BatchResult) => void;
}

export interface Uploader {
  /** Checks and queues files; returns their items (refused ones included, status `invalid`). */
  add(files: Iterable<File>): UploadItem[];
  /** Stops an upload (or takes a queued file out of the queue). */
  abort(id: string): void;
  abortAll(): void;
  /** Forgets a file (stopping its upload). */
  remove(id: string): void;
  /** Queues a failed or aborted file again. */
  retry(id: string): void;
  /** Stops everything and forgets every file. */
  clear(): void;
  getSnapshot(): readonly UploadItem[];
  /** Any change of the items (for useSyncExternalStore). */
  subscribe(listener: () => void): () => void;
  /** A file uploaded, or a batch settled (what `onUploaded` and `onBatchSettled` receive). */
  listen(listener: (event: UploaderEvent) => void): () => void;
}

export type UploaderEvent = { type: 'uploaded'; item: UploadItem } | { type: 'batch'; result: BatchResult };

const SETTLED: readonly UploadStatus[] = ['invalid', 'waiting', 'done', 'failed', 'aborted'];

let nextItemId = 0;

/**
 * The upload queue of one drop zone: client-side checks, at most `concurrency` uploads at once,
 * per-file progress, abort, retry. Immutable snapshots for useSyncExternalStore.
 */
export function createUploader(options: UploaderOptions): Uploader {
  const purpose = options.purpose ?? 'input';
  const concurrency = Math.max(1, options.concurrency ?? UPLOAD_CONCURRENCY);
  const upload = options.upload ?? uploadFile;
  const listeners = new Set<() => void>();
  const eventListeners = new Set<(event: UploaderEvent) => void>();
  if (options.onUploaded || options.onBatchSettled) {
    const { onUploaded, onBatchSettled } = options;
    eventListeners.add((event) => (event.type === 'uploaded' ? onUploaded?.(event.item) : onBatchSettled?.(event.result)));
  }
  const controllers = new Map<string, AbortController>();
  /** Batch of each item still to report (cleared once reported). */
  const batchOf = new Map<string, number>();
  let batches = 0;
  let items: readonly UploadItem[] = [];

  const emit = () => {
    for (const listener of listeners) listener();
  };
  const update = (id: string, change: Partial<UploadItem>) => {
    items = items.map((item) => (item.id === id ? { ...item, ...change } : item));
  };
  const find = (id: string) => items.find((item) => item.id === id);

  /** Reports each batch whose files have all settled, once. */
  const reportBatches = () => {
    const byBatch = new Map<number, string[]>();
    for (const [id, batch] of batchOf) byBatch.set(batch, [...(byBatch.get(batch) ?? []), id]);
    for (const ids of byBatch.values()) {
      const members = ids.map(find).filter((item): item is UploadItem => item !== undefined);
      if (members.some((item) => !SETTLED.includes(item.status))) continue;
      for (const id of ids) batchOf.delete(id);
      const succeeded = members.filter((item) => item.status === 'done');
      const failed = members.filter((item) => item.status === 'failed' || item.status === 'invalid');
      const waiting = members.filter((item) => item.status === 'waiting');
      if (succeeded.length + failed.length + waiting.length === 0) continue;
      for (const listener of eventListeners) listener({ type: 'batch', result: { kind: options.kind, succeeded, failed, waiting } });
    }
  };

  const start = async (item: UploadItem) => {
    const controller = new AbortController();
    controllers.set(item.id, controller);
    update(item.id, { status: 'uploading', loaded: 0, progress: 0, problem: null });
    const { outbox } = options;
    try {
      let waiting = false;
      const send = async () => {
        if (outbox?.isOffline()) {
          waiting = true;
          return outbox.enqueue(item.file);
        }
        try {
          return await upload(item.file, {
            kind: options.kind,
            purpose,
            signal: controller.signal,
            onProgress: ({ loaded, total, fraction }) => {
              if (find(item.id)?.status !== 'uploading') return;
              update(item.id, { loaded, total, progress: fraction });
              emit();
            },
          });
        } catch (error) {
          // No answer at all (the network went away): the file waits for it instead of failing.
          if (!outbox || !(error instanceof TypeError) || controller.signal.aborted) throw error;
          waiting = true;
          return outbox.enqueue(item.file);
        }
      };
      const asset = await send();
      const current = find(item.id);
      if (waiting && (!current || controller.signal.aborted)) {
        // Stopped or forgotten while it was being stored: it must not be sent.
        outbox?.cancel(asset);
        if (current) update(item.id, { status: 'aborted' });
      } else if (current) {
        update(item.id, waiting ? { status: 'waiting', asset, progress: 0 } : { status: 'done', asset, progress: 1, loaded: current.total });
        const done = find(item.id) ?? current;
        for (const listener of eventListeners) listener({ type: 'uploaded', item: done });
      }
    } catch (error) {
      if (find(item.id)) {
        if (isAbortError(error) || controller.signal.aborted) update(item.id, { status: 'aborted' });
        else update(item.id, { status: 'failed', problem: uploadProblemOf(error, options.kind, purpose) });
      }
    } finally {
      controllers.delete(item.id);
      pump();
      reportBatches();
      emit();
    }
  };

  const pump = () => {
    while (controllers.size < concurrency) {
      const next = items.find((item) => item.status === 'queued');
      if (!next) return;
      void start(next);
    }
  };

  const stop = (id: string) => {
    const item = find(id);
    if (!item) return;
    if (item.status === 'queued') update(id, { status: 'aborted' });
    controllers.get(id)?.abort();
  };

  const kept = () => items.filter((item) => item.status === 'queued' || item.status === 'uploading' || item.status === 'waiting' || item.status === 'done').length;

  const uploader: Uploader = {
    add(files) {
      let list = Array.from(files);
      if (list.length === 0) return [];
      if (!options.multiple) {
        // One file per drop zone: the new one replaces the previous one (and stops its upload).
        list = list.slice(0, 1);
        for (const item of items) controllers.get(item.id)?.abort();
        items = [];
        batchOf.clear();
      }
      const batch = ++batches;
      let room = options.multiple && options.maxFiles !== undefined ? Math.max(0, options.maxFiles - kept()) : Number.POSITIVE_INFINITY;
      const added = list.map((file): UploadItem => {
        nextItemId += 1;
        let problem = checkFile(file, options.kind, purpose);
        if (!problem && room <= 0) problem = { code: 'tooManyFiles', values: { max: options.maxFiles } };
        if (!problem) room -= 1;
        return { id: `upload-${nextItemId}`, file, status: problem ? 'invalid' : 'queued', loaded: 0, total: file.size, progress: 0, asset: null, problem };
      });
      items = [...items, ...added];
      for (const item of added) batchOf.set(item.id, batch);
      pump();
      reportBatches();
      emit();
      return added;
    },
    abort(id) {
      stop(id);
      reportBatches();
      emit();
    },
    abortAll() {
      for (const item of items) stop(item.id);
      reportBatches();
      emit();
    },
    remove(id) {
      stop(id);
      items = items.filter((item) => item.id !== id);
      batchOf.delete(id);
      reportBatches();
      emit();
    },
    retry(id) {
      const item = find(id);
      if (!item || (item.status !== 'failed' && item.status !== 'aborted')) return;
      update(id, { status: 'queued', problem: null, loaded: 0, progress: 0 });
      batchOf.set(id, ++batches);
      pump();
      emit();
    },
    clear() {
      for (const item of items) controllers.get(item.id)?.abort();
      items = [];
      batchOf.clear();
      emit();
    },
    getSnapshot: () => items,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    listen(listener) {
      eventListeners.add(listener);
      return () => eventListeners.delete(listener);
    },
  };
  return uploader;
}
