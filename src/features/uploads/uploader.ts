import type { Asset } from '../../contract/media.schema.ts';
import type { UploadPurpose } from '../../contract/media.ts';
import type { UploadKind, UploadProblem } from './upload-messages.ts';
import { checkFile } from './checks.ts';
import { isAbortError, uploadFile, uploadProblemOf, type UploadFileOptions } from './transport.ts';

/** Several uploads at once, a few at a time, each file checked, sent (transport.ts) or left to the offline outbox. */

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

  const kept = () =>
    items.filter((item) => item.status === 'queued' || item.status === 'uploading' || item.status === 'waiting' || item.status === 'done').length;

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
