// The page↔worker shared kernel (src/kernel): modules both the service worker (sw/) and the
// pages import. They import only src/contract, each other, idb-keyval and valibot: no DOM-only
// code, no React, nothing from src/lib or src/features.
import { clear, createStore, delMany, get, promisifyRequest, set, values, type UseStore } from 'idb-keyval';
import type { Generation } from '../contract/generations.schema.ts';
import type { Asset } from '../contract/media.schema.ts';
import {
  OUTBOX_CHANGED_MESSAGE,
  OUTBOX_CHANNEL,
  OUTBOX_DB,
  OUTBOX_STORE,
  outboxRefsOf,
  type NewOutboxSubmit,
  type NewOutboxUpload,
  type OutboxEntry,
  type OutboxSubmit,
  type OutboxUpload,
} from './outbox-entries.ts';

/**
 * The upload outbox (docs/product-rules.md#upload-outbox): files chosen while the browser is offline wait
 * here, in IndexedDB (`atelier-outbox`), until outbox-sender.ts sends them, from the page (the
 * `online` event, start-up) or from the service worker (Background Sync), whichever runs first.
 * Each upload's id is also its Idempotency-Key, so a replay answers the first asset. A generation
 * submitted while its uploads still wait is kept here too, as a request whose asset ids are
 * outbox references (`outbox:<upload id>`), and is submitted once they are all sent.
 *
 * Lifecycle of an upload: `waiting` → `sending` → `done` (with its asset) or `failed` (the
 * server refused it; a lost connection puts it back to `waiting`). A done upload is kept for
 * whoever waits for its asset: the drop zone that shows it (until it `release`s it) and any
 * queued generation using it; it is deleted once neither needs it. A submit goes the same way;
 * a done one keeps its job until the studio screen takes it over (`forgetSubmit`).
 *
 * Every change is announced on the BroadcastChannel `atelier-outbox`, which pages and the
 * service worker share. DOM-free and React-free (idb-keyval only): the service worker imports it.
 */

// ── Housekeeping ──────────────────────────────────────────────────────────────────────

/**
 * Done entries nobody claimed (a drop zone never shown again, a studio never reopened) are
 * forgotten after a day: the asset is in the library and the job in the history anyway.
 */
export const OUTBOX_DONE_KEEP_MS = 24 * 60 * 60 * 1000;

/** A submit still holds an upload until it is done (a failed one until the person dismisses it). */
function holds(submit: OutboxSubmit, uploadId: string): boolean {
  return submit.status !== 'done' && submit.entryIds.includes(uploadId);
}

/** The uploads among `ids` nobody needs any more: released by their drop zone and held by no submit. */
function unneeded(entries: readonly OutboxEntry[], ids: readonly string[]): string[] {
  const submits = entries.filter((entry): entry is OutboxSubmit => entry.kind === 'submit');
  return entries
    .filter((entry): entry is OutboxUpload => entry.kind === 'upload' && ids.includes(entry.id))
    .filter((upload) => upload.released && !submits.some((submit) => holds(submit, upload.id)))
    .map((upload) => upload.id);
}

// ── The store ─────────────────────────────────────────────────────────────────────────

export interface OutboxStore {
  enqueueUpload(input: NewOutboxUpload): Promise<OutboxUpload>;
  /** Queues a generation; its references must name uploads of the outbox (else it is stored failed). */
  queueSubmit(input: NewOutboxSubmit): Promise<OutboxSubmit>;
  /** The uploads, oldest first; of one account when `userId` is given. */
  listOutbox(userId?: string): Promise<OutboxUpload[]>;
  /** The queued generations, oldest first; of one account when `userId` is given. */
  listSubmits(userId?: string): Promise<OutboxSubmit[]>;
  getEntry(id: string): Promise<OutboxEntry | undefined>;
  /**
   * Cancels an upload (a queued generation needing it is cancelled too: it could not go without
   * it) or a queued generation (`cancelQueuedSubmit`).
   */
  cancelOutboxEntry(id: string): Promise<void>;
  /** Cancels a queued generation; its uploads go too unless a drop zone still shows them or another generation needs them. */
  cancelQueuedSubmit(id: string): Promise<void>;
  /** The drop zone no longer shows this upload (its asset took its place, or the person removed it). */
  releaseOutboxEntry(id: string): Promise<void>;
  /** The studio took over a done submit's job. */
  forgetSubmit(id: string): Promise<void>;
  /**
   * Atomically moves a waiting entry to `sending` (one more attempt) and returns it; undefined
   * when it is no longer waiting (cancelled, or another sender took it).
   */
  claim(id: string): Promise<OutboxEntry | undefined>;
  /** Back to waiting (no answer, or an answer worth retrying later), not to be sent before `notBefore` (ms since the epoch) when given. */
  markWaiting(id: string, notBefore?: number): Promise<void>;
  markUploadDone(id: string, asset: Asset): Promise<void>;
  markSubmitDone(id: string, job: Generation): Promise<void>;
  markFailed(id: string, failure: { message: string; status: number; body?: unknown }): Promise<void>;
  /** Entries left `sending` by a sender that died (a closed tab): back to waiting. Call under the lock. */
  resetStale(): Promise<number>;
  /** Forgets done entries older than OUTBOX_DONE_KEEP_MS that nobody needs. */
  prune(): Promise<void>;
  /** Everything, for the logout wipe. */
  clear(): Promise<void>;
}

export interface OutboxStoreOptions {
  now?: () => number;
  newId?: () => string;
  /** Tells pages (and the service worker) that something changed. */
  announce?: () => void;
}

function isEntry(value: unknown): value is OutboxEntry {
  if (!value || typeof value !== 'object') return false;
  const entry = value as Partial<OutboxEntry>;
  return typeof entry.id === 'string' && (entry.kind === 'upload' || entry.kind === 'submit');
}

const byCreation = (a: OutboxEntry, b: OutboxEntry) => a.createdAt - b.createdAt;

export function createOutboxStore(store: UseStore, options: OutboxStoreOptions = {}): OutboxStore {
  const now = options.now ?? Date.now;
  const newId = options.newId ?? (() => crypto.randomUUID());
  const announce = options.announce ?? (() => undefined);

  const all = async () => ((await values<unknown>(store)) ?? []).filter(isEntry);

  /**
   * Reads and rewrites one entry in a single transaction, so the page and the service worker never
   * overwrite each other's change. `change` returns the entry to store, the same one (or
   * undefined when there is none) to leave it, or null to delete it. Resolves to the entry as
   * stored (undefined when absent or deleted).
   */
  const patch = async (id: string, change: (current: OutboxEntry | undefined) => OutboxEntry | null | undefined): Promise<OutboxEntry | undefined> => {
    let changed = false;
    const result = await store('readwrite', (objects) =>
      promisifyRequest(objects.get(id)).then((stored: unknown) => {
        const current = isEntry(stored) ? stored : undefined;
        const updated = change(current);
        if (updated === current || updated === undefined || (updated === null && current === undefined)) return current;
        changed = true;
        if (updated === null) objects.delete(id);
        else objects.put(updated, id);
        return promisifyRequest(objects.transaction).then(() => updated ?? undefined);
      }),
    );
    if (changed) announce();
    return result;
  };

  /** Deletes, in one transaction, the uploads among `ids` nobody needs (read in that transaction). */
  const tidy = async (ids: readonly string[]) => {
    if (ids.length === 0) return;
    const removed = await store('readwrite', (objects) =>
      promisifyRequest(objects.getAll()).then((stored: unknown[]) => {
        const gone = unneeded(stored.filter(isEntry), ids);
        for (const id of gone) objects.delete(id);
        return promisifyRequest(objects.transaction).then(() => gone.length);
      }),
    );
    if (removed > 0) announce();
  };

  const settle = (id: string, change: (current: OutboxEntry) => OutboxEntry) =>
    patch(id, (current) => (current && current.status === 'sending' ? change(current) : current));

  /** What every new entry starts with: its id, its account and origin, now, no attempt yet. */
  const fresh = (input: { id?: string; userId: string; apiBase?: string }, status: 'waiting' | 'failed') => ({
    id: input.id ?? newId(),
    userId: input.userId,
    apiBase: input.apiBase ?? '',
    createdAt: now(),
    status,
    attempts: 0,
  });

  const outbox: OutboxStore = {
    async enqueueUpload(input) {
      const entry: OutboxUpload = {
        kind: 'upload',
        ...fresh(input, 'waiting'),
        blob: input.blob,
        name: input.name,
        type: input.type || input.blob.type,
        size: input.blob.size,
        role: input.role,
        purpose: input.purpose ?? 'input',
        slot: input.slot ?? null,
        released: false,
        ...(input.width ? { width: input.width, height: input.height ?? 0 } : {}),
        ...(input.durationSeconds ? { durationSeconds: input.durationSeconds } : {}),
      };
      await set(entry.id, entry, store);
      announce();
      return entry;
    },

    async queueSubmit(input) {
      const entryIds = outboxRefsOf(input.request);
      const uploads = await Promise.all(entryIds.map((id) => get<unknown>(id, store)));
      const missing = uploads.some((upload) => !isEntry(upload) || upload.kind !== 'upload' || upload.status === 'failed');
      const entry: OutboxSubmit = {
        kind: 'submit',
        ...fresh(input, missing ? 'failed' : 'waiting'),
        feature: input.request.feature,
        request: input.request,
        entryIds,
        locale: input.locale,
        ...(missing
          ? { settledAt: now(), error: 'An upload of this generation is missing or failed.', errorStatus: 0, errorBody: { code: 'uploadFailed' } }
          : {}),
      };
      await set(entry.id, entry, store);
      announce();
      return entry;
    },

    async listOutbox(userId) {
      return (await all())
        .filter((entry): entry is OutboxUpload => entry.kind === 'upload' && (userId === undefined || entry.userId === userId))
        .toSorted(byCreation);
    },

    async listSubmits(userId) {
      return (await all())
        .filter((entry): entry is OutboxSubmit => entry.kind === 'submit' && (userId === undefined || entry.userId === userId))
        .toSorted(byCreation);
    },

    async getEntry(id) {
      const stored = await get<unknown>(id, store);
      return isEntry(stored) ? stored : undefined;
    },

    async cancelOutboxEntry(id) {
      const entry = await outbox.getEntry(id);
      if (!entry) return;
      if (entry.kind === 'submit') return outbox.cancelQueuedSubmit(id);
      // The generations waiting for it cannot go without it.
      for (const submit of await outbox.listSubmits()) if (holds(submit, id)) await outbox.cancelQueuedSubmit(submit.id);
      await patch(id, () => null);
    },

    async cancelQueuedSubmit(id) {
      let held: string[] = [];
      await patch(id, (current) => {
        if (current?.kind !== 'submit') return current;
        held = current.entryIds;
        return null;
      });
      await tidy(held);
    },

    async releaseOutboxEntry(id) {
      await patch(id, (current) => (current?.kind === 'upload' && !current.released ? { ...current, released: true } : current));
      await tidy([id]);
    },

    async forgetSubmit(id) {
      await patch(id, (current) => (current?.kind === 'submit' && current.status === 'done' ? null : current));
    },

    async claim(id) {
      let claimed = false;
      const entry = await patch(id, (current) => {
        if (current?.status !== 'waiting') return current;
        claimed = true;
        return { ...current, status: 'sending', attempts: current.attempts + 1 };
      });
      return claimed ? entry : undefined;
    },

    async markWaiting(id, notBefore) {
      await settle(id, (current) => {
        const next: OutboxEntry = { ...current, status: 'waiting' };
        if (notBefore === undefined) delete next.notBefore;
        else next.notBefore = notBefore;
        return next;
      });
    },

    async markUploadDone(id, asset) {
      await settle(id, (current) => (current.kind === 'upload' ? { ...current, status: 'done', settledAt: now(), assetId: asset.id, asset } : current));
      await tidy([id]);
    },

    async markSubmitDone(id, job) {
      const done = await settle(id, (current) =>
        current.kind === 'submit' ? { ...current, status: 'done', settledAt: now(), generationId: job.id, job } : current,
      );
      if (done?.kind === 'submit') await tidy(done.entryIds);
    },

    async markFailed(id, failure) {
      await settle(id, (current) => ({
        ...current,
        status: 'failed',
        settledAt: now(),
        error: failure.message,
        errorStatus: failure.status,
        ...(failure.body === undefined ? {} : { errorBody: failure.body }),
      }));
    },

    async resetStale() {
      const stale = (await all()).filter((entry) => entry.status === 'sending');
      for (const entry of stale) await patch(entry.id, (current) => (current?.status === 'sending' ? { ...current, status: 'waiting' } : current));
      return stale.length;
    },

    async prune() {
      const entries = await all();
      const cutoff = now() - OUTBOX_DONE_KEEP_MS;
      const old = entries.filter((entry) => entry.status === 'done' && (entry.settledAt ?? entry.createdAt) < cutoff).map((entry) => entry.id);
      // An old done upload still held by a waiting generation stays (it cannot be waiting a day
      // for nothing, but losing its asset id would lose the generation).
      const submits = entries.filter((entry): entry is OutboxSubmit => entry.kind === 'submit');
      const gone = old.filter((id) => !submits.some((submit) => holds(submit, id)));
      if (gone.length === 0) return;
      await delMany(gone, store);
      announce();
    },

    async clear() {
      await clear(store);
      announce();
    },
  };
  return outbox;
}

// ── Change notification ───────────────────────────────────────────────────────────────

let sendChannel: BroadcastChannel | null | undefined;

/** Tells every page and the service worker of this origin that the outbox changed. */
export function announceOutboxChange(): void {
  if (sendChannel === undefined) sendChannel = typeof BroadcastChannel === 'function' ? new BroadcastChannel(OUTBOX_CHANNEL) : null;
  sendChannel?.postMessage({ type: OUTBOX_CHANGED_MESSAGE });
}

/**
 * Calls `listener` after every change of the outbox, made here or in another page or the
 * service worker (a BroadcastChannel reaches every other channel of the same name, this
 * context's too). Returns the unsubscribe.
 */
export function onOutboxChange(listener: () => void): () => void {
  if (typeof BroadcastChannel !== 'function') return () => undefined;
  const channel = new BroadcastChannel(OUTBOX_CHANNEL);
  channel.addEventListener('message', (event: MessageEvent) => {
    if ((event.data as { type?: unknown } | null)?.type === OUTBOX_CHANGED_MESSAGE) listener();
  });
  return () => channel.close();
}

/**
 * Reads `userId`'s uploads and queued generations now and again on every outbox change (from this
 * page, another tab or the service worker), handing each read to `onEntries`. Two reads can
 * answer out of order: only the latest is handed over. Returns the stop function.
 */
export function watchOutbox(userId: string, onEntries: (uploads: OutboxUpload[], submits: OutboxSubmit[]) => void): () => void {
  let stopped = false;
  let reads = 0;
  const load = async () => {
    const read = ++reads;
    const found = await Promise.all([listOutbox(userId), listOutboxSubmits(userId)]).catch(() => null);
    if (found && !stopped && read === reads) onEntries(found[0], found[1]);
  };
  void load();
  const stopListening = onOutboxChange(() => void load());
  return () => {
    stopped = true;
    stopListening();
  };
}

// ── The browser's outbox ──────────────────────────────────────────────────────────────

let browserOutbox: OutboxStore | undefined;

/** Created on first use: idb-keyval opens the database lazily, and nothing should touch IndexedDB at import. */
export function outboxStore(): OutboxStore {
  browserOutbox ??= createOutboxStore(createStore(OUTBOX_DB, OUTBOX_STORE), { announce: announceOutboxChange });
  return browserOutbox;
}

export const enqueueUpload = (input: NewOutboxUpload) => outboxStore().enqueueUpload(input);
export const queueSubmit = (input: NewOutboxSubmit) => outboxStore().queueSubmit(input);
export const listOutbox = (userId?: string) => outboxStore().listOutbox(userId);
export const listOutboxSubmits = (userId?: string) => outboxStore().listSubmits(userId);
export const cancelOutboxEntry = (id: string) => outboxStore().cancelOutboxEntry(id);
export const cancelQueuedSubmit = (id: string) => outboxStore().cancelQueuedSubmit(id);
export const releaseOutboxEntry = (id: string) => outboxStore().releaseOutboxEntry(id);
export const forgetSubmit = (id: string) => outboxStore().forgetSubmit(id);
/** The logout wipe (src/lib/offline/wipe.ts) calls this: nothing of the previous account stays. */
export const clearOutbox = () => outboxStore().clear();
