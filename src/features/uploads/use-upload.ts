import { useCallback, useEffect, useEffectEvent, useMemo, useSyncExternalStore } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useLingui } from '@lingui/react';
import { msg, plural } from '@lingui/core/macro';
import type { Asset } from '../../contract/media.schema.ts';
import type { UploadPurpose } from '../../contract/media.ts';
import { notify } from '../../lib/toast.ts';
import { assetKeys } from '../media/api.ts';
import { wasReused } from './transport.ts';
import { describeUploadProblem, UPLOAD_FAILURE_DESCRIPTORS, UPLOAD_SUCCESS_DESCRIPTORS, waitingUploadsText } from './upload-messages.ts';
import { acceptAttribute, filesFromDataTransfer, type DataTransferLike } from './checks.ts';
import { createUploader, type BatchResult, type UploadItem, type UploaderOptions, type UploaderOutbox } from './uploader.ts';
import type { UploadKind } from './upload-messages.ts';

export interface UseUploadOptions {
  kind: UploadKind;
  /** 'upscale' for the upscaler's inputs (larger limits); 'input' otherwise. */
  purpose?: UploadPurpose;
  /** Several files (multi-image editing, garments); otherwise a new file replaces the previous one. */
  multiple?: boolean;
  /** With `multiple`: at most this many files (e.g. 10 images to edit, 5 garments). */
  maxFiles?: number;
  /** Uploads at once (3 by default). */
  concurrency?: number;
  /** 'Upload Successful' / 'Upload Failed' toasts per batch (default on). */
  toasts?: boolean;
  /** Each file uploaded, as it finishes (e.g. select it as the model). */
  onUploaded?: (asset: Asset, item: UploadItem) => void;
  /** Also take files pasted anywhere on the page while this is mounted (the screen's one drop zone). */
  pasteFromDocument?: boolean;
  /** Injected in tests. */
  upload?: UploaderOptions['upload'];
  /** Where files go without a network (the offline outbox, see use-outbox-zone.ts); keep it stable. */
  outbox?: UploaderOutbox;
}

export interface UploadItemView extends UploadItem {
  /** The problem, translated; null when there is none. */
  errorText: string | null;
}

/** An event carrying a clipboard (React's or the DOM's paste event). */
export interface PasteEventLike {
  clipboardData: DataTransferLike | null;
  preventDefault(): void;
}

/** An event carrying a drag's data (React's or the DOM's drop event). */
export interface DropEventLike {
  dataTransfer: DataTransferLike | null;
  preventDefault(): void;
}

export interface UseUpload {
  items: UploadItemView[];
  /** The uploaded assets, in the order the files were added. */
  assets: Asset[];
  isUploading: boolean;
  /** For `<input type="file" accept>`. */
  accept: string;
  /** Checks and uploads files (from a file input, the camera, a picker). */
  add: (files: Iterable<File> | ArrayLike<File> | null | undefined) => void;
  /** Takes the files of a paste; true (and the default prevented) when there were any, so a text paste is left alone. */
  addFromPaste: (event: PasteEventLike) => boolean;
  /** Takes the files of a drop; true (and the default prevented) when there were any. */
  addFromDrop: (event: DropEventLike) => boolean;
  abort: (id: string) => void;
  abortAll: () => void;
  remove: (id: string) => void;
  retry: (id: string) => void;
  clear: () => void;
}

/**
 * One drop zone's uploads: the upload checks (docs/product-rules.md#uploads) before sending, per-file progress, at most three at
 * once, abort and retry, and one toast per batch: 'Upload Successful' / 'Upload Failed' for the
 * kind (docs/product-rules.md#messages-uploads), with the reason. Uploads still running when the zone goes away are stopped.
 */
export function useUpload(options: UseUploadOptions): UseUpload {
  const { kind, purpose = 'input', multiple = false, maxFiles, concurrency, pasteFromDocument = false, upload, outbox } = options;
  const { i18n } = useLingui();
  const client = useQueryClient();

  const uploader = useMemo(
    () => createUploader({ kind, purpose, multiple, maxFiles, concurrency, upload, outbox }),
    [kind, purpose, multiple, maxFiles, concurrency, upload, outbox],
  );

  // Read when an upload settles, with the callbacks and language of the latest render.
  const onUploaded = useEffectEvent((item: UploadItem) => {
    if (item.asset) options.onUploaded?.(item.asset, item);
  });
  const onBatchSettled = useEffectEvent((result: BatchResult) => {
    if (result.succeeded.length > 0) void client.invalidateQueries({ queryKey: assetKeys.lists() });
    if (options.toasts === false) return;
    const count = result.succeeded.length;
    if (count > 0) {
      // A file the library already had is that asset again, not a copy: said so, once.
      const reused = result.succeeded.filter((item) => wasReused(item.asset)).length;
      const description =
        count > 1
          ? i18n._(msg`Đã tải lên ${plural(count, { other: '# tệp' })}.`)
          : reused > 0
            ? i18n._(
                result.kind === 'video'
                  ? msg`Video này đã có trong thư viện, không lưu thêm bản sao.`
                  : msg`Ảnh này đã có trong thư viện, không lưu thêm bản sao.`,
              )
            : undefined;
      notify.success(i18n._(UPLOAD_SUCCESS_DESCRIPTORS[result.kind]), description === undefined ? undefined : { description });
    }
    const waiting = result.waiting.length;
    if (waiting > 0) {
      notify.info(i18n._(msg`Đang chờ mạng`), {
        description: waitingUploadsText(waiting, i18n),
      });
    }
    const [first] = result.failed;
    if (first?.problem) {
      const reason = describeUploadProblem(first.problem, i18n);
      const failures = result.failed.length;
      const name = first.file.name;
      notify.error(i18n._(UPLOAD_FAILURE_DESCRIPTORS[result.kind]), {
        description: failures > 1 ? i18n._(msg`${plural(failures, { other: '# tệp không tải lên được' })}. ${name}: ${reason}`) : reason,
      });
    }
  });
  useEffect(() => uploader.listen((event) => (event.type === 'uploaded' ? onUploaded(event.item) : onBatchSettled(event.result))), [uploader]);
  // A new kind or purpose (the upscaler's mode switch) or leaving the screen stops the uploads of the old zone.
  useEffect(() => () => uploader.abortAll(), [uploader]);

  const raw = useSyncExternalStore(uploader.subscribe, uploader.getSnapshot, uploader.getSnapshot);
  const items = useMemo(
    () => raw.map((item): UploadItemView => ({ ...item, errorText: item.problem ? describeUploadProblem(item.problem, i18n) : null })),
    [raw, i18n],
  );
  const assets = useMemo(() => raw.flatMap((item) => (item.status === 'done' && item.asset ? [item.asset] : [])), [raw]);

  const add = useCallback(
    (files: Iterable<File> | ArrayLike<File> | null | undefined) => {
      if (files) uploader.add(Array.from(files));
    },
    [uploader],
  );

  const addFromPaste = useCallback(
    (event: PasteEventLike) => {
      const files = filesFromDataTransfer(event.clipboardData);
      if (files.length === 0) return false;
      event.preventDefault();
      // Files of other types go in too: the person sees why they were refused.
      uploader.add(files);
      return true;
    },
    [uploader],
  );

  const addFromDrop = useCallback(
    (event: DropEventLike) => {
      const files = filesFromDataTransfer(event.dataTransfer);
      if (files.length === 0) return false;
      event.preventDefault();
      uploader.add(files);
      return true;
    },
    [uploader],
  );

  useEffect(() => {
    if (!pasteFromDocument) return;
    const onPaste = (event: ClipboardEvent) => {
      if (!event.defaultPrevented) addFromPaste(event);
    };
    document.addEventListener('paste', onPaste);
    return () => document.removeEventListener('paste', onPaste);
  }, [pasteFromDocument, addFromPaste]);

  return {
    items,
    assets,
    isUploading: raw.some((item) => item.status === 'queued' || item.status === 'uploading'),
    accept: acceptAttribute(kind, purpose),
    add,
    addFromPaste,
    addFromDrop,
    abort: uploader.abort,
    abortAll: uploader.abortAll,
    remove: uploader.remove,
    retry: uploader.retry,
    clear: uploader.clear,
  };
}
