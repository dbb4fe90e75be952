import { useCallback, useEffect, useRef, useState } from 'react';
import type { Asset } from '../../contract/media.schema.ts';
import { ApiError } from '../../lib/api.ts';
import { queueFile } from '../../lib/offline/outbox-client.ts';
import { onOutboxChange, outboxStore, releaseOutboxEntry } from '../../kernel/outbox-store.ts';
import { deleteSharedEntry, putSharedEntry, readSharedEntry, type SharedEntry, type SharedFile } from '../../kernel/share-store.ts';
import type { UploadProblem } from '../uploads/upload-messages.ts';
import { uploadFile, uploadProblemOf } from '../uploads/transport.ts';

/**
 * The photos of one share (src/kernel/share-store.ts), uploaded as soon as the chooser opens:
 * online, straight away (with progress); offline, or when the connection drops on the way, into
 * the upload outbox (src/kernel/outbox-store.ts), which sends them when the network returns.
 * What each photo became (its asset, or its outbox entry) is written back into the share entry,
 * so a reload picks up where it was; once every photo is an asset, the entry is deleted and
 * `onAllUploaded` gets the asset ids (the chooser puts them in its URL). No UI text here.
 */

export type SharedPhotoStatus = 'uploading' | 'waiting' | 'done' | 'failed';

export interface SharedPhoto {
  name: string;
  /** An object URL of the shared file (revoked on unmount). */
  preview: string;
  status: SharedPhotoStatus;
  /** 0 to 1 while uploading. */
  progress: number;
  /** Once uploaded. */
  assetId: string | null;
  problem: UploadProblem | null;
}

export type SharedPhotosPhase = 'loading' | 'missing' | 'ready';

export interface SharedPhotos {
  phase: SharedPhotosPhase;
  photos: SharedPhoto[];
  title: string;
  text: string;
  /** Files of the share that were not images the studios take. */
  skipped: number;
  /** Tries a failed photo again. */
  retry: (index: number) => void;
}

export interface SharedPhotosOptions {
  /** The share entry's id (`?id=`). */
  entryId: string;
  /** The signed-in account (the outbox sends a queued photo with that account's token only). */
  userId: string;
  onAllUploaded: (assetIds: string[]) => void;
  /** Injected in tests. */
  upload?: typeof uploadFile;
  isOnline?: () => boolean;
}

/** A connection problem (no answer, a stalled upload): the outbox can send it later. */
function isConnectionError(error: unknown): boolean {
  return error instanceof TypeError || (error instanceof DOMException && error.name === 'TimeoutError');
}

const asFile = (file: SharedFile) => new File([file.blob], file.name, { type: file.type });

const browserOnline = () => typeof navigator === 'undefined' || navigator.onLine !== false;

export function useSharedPhotos({ entryId, userId, onAllUploaded, upload = uploadFile, isOnline = browserOnline }: SharedPhotosOptions): SharedPhotos {
  const [phase, setPhase] = useState<SharedPhotosPhase>('loading');
  const [photos, setPhotos] = useState<SharedPhoto[]>([]);
  const [meta, setMeta] = useState({ title: '', text: '', skipped: 0 });
  /** The entry as stored, updated as photos are uploaded or queued. */
  const entryRef = useRef<SharedEntry | null>(null);
  const startRef = useRef<(index: number) => void>(() => undefined);
  const allUploaded = useRef(onAllUploaded);
  useEffect(() => {
    allUploaded.current = onAllUploaded;
  });

  useEffect(() => {
    let alive = true;
    const controller = new AbortController();
    const previews: string[] = [];
    let unsubscribe: () => void = () => undefined;
    /** Photos whose outbox entry is being read. */
    const checking = new Set<number>();
    let finished = false;

    const setPhoto = (index: number, change: Partial<SharedPhoto>) =>
      setPhotos((current) => current.map((photo, at) => (at === index ? { ...photo, ...change } : photo)));

    /** Writes what a file became into the entry; once every file is an asset, the entry goes. */
    const record = async (index: number, change: Pick<SharedFile, 'assetId' | 'outboxId'>) => {
      const entry = entryRef.current;
      if (!entry) return;
      const files = entry.files.map((file, at) => (at === index ? { ...file, ...change } : file));
      entryRef.current = { ...entry, files };
      const assetIds = files.map((file) => file.assetId);
      if (assetIds.every((id): id is string => typeof id === 'string')) {
        if (finished) return;
        finished = true;
        await deleteSharedEntry(entry.id).catch(() => undefined);
        if (alive) allUploaded.current(assetIds);
      } else {
        await putSharedEntry(entryRef.current).catch(() => undefined);
      }
    };

    /** Into the outbox (it asks for a Background Sync, and sends at once if a network is back). */
    const queue = async (index: number, file: SharedFile) => {
      const queued = await queueFile(asFile(file), { userId, role: 'image', purpose: 'input', slot: null });
      await record(index, { outboxId: queued.id });
      if (alive) setPhoto(index, { status: 'waiting', progress: 0 });
      // It may have been sent while it was being recorded.
      void checkOutbox();
    };

    const done = async (index: number, asset: Pick<Asset, 'id'>) => {
      if (alive) setPhoto(index, { status: 'done', progress: 1, assetId: asset.id, problem: null });
      await record(index, { assetId: asset.id });
    };

    /** Uploads one file, or queues it when there is no connection. */
    const start = async (index: number) => {
      const file = entryRef.current?.files[index];
      if (!file || file.assetId) return;
      setPhoto(index, { status: 'uploading', progress: 0, problem: null });
      try {
        if (!isOnline()) {
          await queue(index, file);
          return;
        }
        const asset = await upload(asFile(file), {
          kind: 'image',
          signal: controller.signal,
          onProgress: ({ fraction }) => alive && setPhoto(index, { progress: fraction }),
        });
        await done(index, asset);
      } catch (error) {
        if (!alive) return;
        if (isConnectionError(error)) {
          await queue(index, file).catch(() => setPhoto(index, { status: 'failed', problem: uploadProblemOf(error, 'image') }));
          return;
        }
        setPhoto(index, { status: 'failed', problem: uploadProblemOf(error, 'image') });
      }
    };
    startRef.current = (index) => void start(index);

    /** Photos waiting in the outbox: done once the outbox sent them, failed if the server refused them. */
    const checkOutbox = async () => {
      const files = entryRef.current?.files ?? [];
      for (const [index, file] of files.entries()) {
        // Change events come in bursts: one check per photo at a time.
        if (file.assetId || !file.outboxId || checking.has(index)) continue;
        checking.add(index);
        try {
          await settleQueued(index, file.outboxId);
        } finally {
          checking.delete(index);
        }
      }
    };

    const settleQueued = async (index: number, outboxId: string) => {
      const queued = await outboxStore().getEntry(outboxId);
      if (!alive) return;
      if (!queued) {
        // Cancelled from the outbox (or wiped): upload it again from here.
        await record(index, { outboxId: undefined });
        void start(index);
      } else if (queued.kind === 'upload' && queued.status === 'done' && queued.assetId) {
        await done(index, { id: queued.assetId });
        await releaseOutboxEntry(queued.id).catch(() => undefined);
      } else if (queued.status === 'failed') {
        const failure = new ApiError(queued.error ?? 'Upload Failed', queued.errorStatus ?? 0, queued.errorBody);
        setPhoto(index, { status: 'failed', problem: uploadProblemOf(failure, 'image') });
        await record(index, { outboxId: undefined });
        await releaseOutboxEntry(queued.id).catch(() => undefined);
      }
    };

    void (async () => {
      const entry = await readSharedEntry(entryId);
      if (!alive) return;
      if (!entry) {
        setPhase('missing');
        return;
      }
      entryRef.current = entry;
      setMeta({ title: entry.title, text: entry.text, skipped: entry.skipped });
      setPhotos(
        entry.files.map((file) => {
          const preview = URL.createObjectURL(file.blob);
          previews.push(preview);
          const status: SharedPhotoStatus = file.assetId ? 'done' : file.outboxId ? 'waiting' : 'uploading';
          return { name: file.name, preview, status, progress: file.assetId ? 1 : 0, assetId: file.assetId ?? null, problem: null };
        }),
      );
      setPhase('ready');
      unsubscribe = onOutboxChange(() => void checkOutbox());
      await checkOutbox();
      for (const [index, file] of entry.files.entries()) if (!file.assetId && !file.outboxId) void start(index);
    })();

    return () => {
      alive = false;
      controller.abort();
      unsubscribe();
      for (const preview of previews) URL.revokeObjectURL(preview);
    };
  }, [entryId, userId, upload, isOnline]);

  const retry = useCallback((index: number) => startRef.current(index), []);
  return { phase, photos, ...meta, retry };
}
