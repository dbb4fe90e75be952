// The page↔worker shared kernel (src/kernel): modules both the service worker (sw/) and the
// pages import. They import only src/contract, each other, idb-keyval and valibot: no DOM-only
// code, no React, nothing from src/lib or src/features.
import { clear, createStore, del, entries, get, set, type UseStore } from 'idb-keyval';
import { SHARE_CHOOSER_PATH, SHARED_IMAGE_FIELD, SHARED_IMAGE_TYPES, type ShareFailureReason } from '../contract/share-target.ts';

/**
 * Photos shared to the installed app (the Web Share Target, public/manifest.webmanifest): the
 * service worker receives the POST to /share-target, keeps the photos here (`atelier-share`),
 * and sends the browser to the chooser (`/share?id=<entry id>`), which uploads them and deletes
 * the entry. An entry left behind (the chooser closed before uploading) stays until the next
 * share, which prunes entries older than SHARED_ENTRY_MAX_AGE_MS.
 *
 * DOM-free and React-free (idb-keyval only): the service worker imports it too.
 */

export const SHARE_DB = 'atelier-share';
export const SHARE_STORE = 'entries';

/** At most this many photos of one share are kept (image editing takes up to 10 at once). */
export const SHARED_FILES_MAX = 10;
/** An entry nobody opened is dropped after this long, in ms (7 days). */
export const SHARED_ENTRY_MAX_AGE_MS = 7 * 24 * 60 * 60 * 1000;
/** Longest title or text kept, in characters (they are only shown as a caption). */
const SHARED_TEXT_MAX = 500;

export interface SharedFile {
  name: string;
  type: string;
  blob: Blob;
  /** Set by the chooser once uploaded: the stored asset. */
  assetId?: string;
  /** Set by the chooser when it queued the file in the upload outbox instead. */
  outboxId?: string;
}

export interface SharedEntry {
  id: string;
  /** When the share arrived, ms since the epoch. */
  createdAt: number;
  title: string;
  text: string;
  /** Accepted images only, in the order shared. */
  files: SharedFile[];
  /** Files of the share that were left out (another type, or beyond SHARED_FILES_MAX). */
  skipped: number;
}

let store: UseStore | undefined;
/** Created on first use: nothing here should touch IndexedDB at import. */
function shareStore(): UseStore {
  store ??= createStore(SHARE_DB, SHARE_STORE);
  return store;
}

function isFile(value: FormDataEntryValue): value is File {
  return typeof value !== 'string';
}

function textField(form: FormData, name: string): string {
  const value = form.get(name);
  return typeof value === 'string' ? value.trim().slice(0, SHARED_TEXT_MAX) : '';
}

/**
 * The entry of a share target's form: the images of the `image` field that are of an accepted
 * type (empty parts, which some senders add, are ignored), at most SHARED_FILES_MAX, and the
 * title and text.
 */
export function sharedEntryFromForm(form: FormData, id: string, now: number): SharedEntry {
  const parts = form
    .getAll(SHARED_IMAGE_FIELD)
    .filter(isFile)
    .filter((file) => file.size > 0);
  const accepted = parts.filter((file) => (SHARED_IMAGE_TYPES as readonly string[]).includes(file.type.toLowerCase()));
  const kept = accepted.slice(0, SHARED_FILES_MAX);
  return {
    id,
    createdAt: now,
    title: textField(form, 'title'),
    text: textField(form, 'text'),
    files: kept.map((file) => ({ name: file.name || 'shared-image', type: file.type.toLowerCase(), blob: file })),
    skipped: parts.length - kept.length,
  };
}

function isEntry(value: unknown): value is SharedEntry {
  if (!value || typeof value !== 'object') return false;
  const entry = value as Record<string, unknown>;
  return typeof entry.id === 'string' && typeof entry.createdAt === 'number' && Array.isArray(entry.files);
}

export async function putSharedEntry(entry: SharedEntry): Promise<void> {
  await set(entry.id, entry, shareStore());
}

/** The entry, or null when it is gone (uploaded and deleted, pruned) or IndexedDB is unavailable. */
export async function readSharedEntry(id: string): Promise<SharedEntry | null> {
  try {
    const value = await get<unknown>(id, shareStore());
    return isEntry(value) ? value : null;
  } catch {
    return null;
  }
}

export async function deleteSharedEntry(id: string): Promise<void> {
  await del(id, shareStore());
}

/** Drops entries older than SHARED_ENTRY_MAX_AGE_MS; returns how many. */
export async function pruneSharedEntries(now: number): Promise<number> {
  const all = await entries<IDBValidKey, unknown>(shareStore());
  const old = all.filter(([, value]) => !isEntry(value) || now - value.createdAt > SHARED_ENTRY_MAX_AGE_MS);
  await Promise.all(old.map(([key]) => del(key, shareStore())));
  return old.length;
}

/** Every entry gone (the logout wipe: shared photos are the person's). */
export async function clearSharedEntries(): Promise<void> {
  await clear(shareStore());
}

/** The chooser's URL for an entry, or for a share that could not be kept. */
export function chooserPath(target: { id: string } | { reason: ShareFailureReason }): string {
  const params = new URLSearchParams('id' in target ? [['id', target.id]] : [['reason', target.reason]]);
  return `${SHARE_CHOOSER_PATH}?${params.toString()}`;
}
