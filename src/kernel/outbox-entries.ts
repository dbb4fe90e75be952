// The page↔worker shared kernel (src/kernel): modules both the service worker (sw/) and the
// pages import. They import only src/contract, each other, idb-keyval and valibot: no DOM-only
// code, no React, nothing from src/lib or src/features.
import type { Feature } from '../contract/tools.ts';
import type { Generation, GenerationRequest } from '../contract/generations.schema.ts';
import type { Asset } from '../contract/media.schema.ts';
import type { AssetRole, UploadPurpose } from '../contract/media.ts';

/**
 * The upload outbox's names and records (the store itself is outbox-store.ts): the IndexedDB,
 * channel, sync and lock names the page and the service worker share, the entries (uploads and
 * queued generations) and the `outbox:<upload id>` references a queued generation uses.
 */

// ── Names shared by the page and the service worker ─────────────────────────────────────

/** One database per concern (idb-keyval keeps one store per database). */
export const OUTBOX_DB = 'atelier-outbox';
export const OUTBOX_STORE = 'entries';
/** The BroadcastChannel every change is announced on. */
export const OUTBOX_CHANNEL = 'atelier-outbox';
/** The Background Sync tag the page registers when it queues something. */
export const OUTBOX_SYNC_TAG = 'atelier-outbox';
/** The Web Lock held while sending: a page and the service worker never send at once. */
export const OUTBOX_LOCK = 'atelier-outbox';
/** The message on the channel (shared offline conventions: `atelier:<concern>:<verb>`). */
export const OUTBOX_CHANGED_MESSAGE = 'atelier:outbox:changed';

// ── Entries ───────────────────────────────────────────────────────────────────────────

export type OutboxStatus = 'waiting' | 'sending' | 'done' | 'failed';

interface OutboxRecord {
  /** A UUID; also the request's Idempotency-Key. */
  id: string;
  /** The account that queued it: only that account's token sends it. */
  userId: string;
  /** The API origin of the page that queued it ('' for its own origin). */
  apiBase: string;
  /** In ms since the epoch. */
  createdAt: number;
  status: OutboxStatus;
  /** Sending attempts so far. */
  attempts: number;
  /** Not to be sent before this instant (ms since the epoch): the server asked to wait (429 Retry-After). */
  notBefore?: number;
  /** When it was done or failed, in ms since the epoch. */
  settledAt?: number;
  /** Why it failed: the server's message… */
  error?: string;
  /** …its HTTP status (0: refused before sending, e.g. an upload it needed failed)… */
  errorStatus?: number;
  /** …and its body (the coded error the messages read). */
  errorBody?: unknown;
}

export interface OutboxUpload extends OutboxRecord {
  kind: 'upload';
  blob: Blob;
  name: string;
  /** The MIME type. */
  type: string;
  /** In bytes. */
  size: number;
  /** The upload's `role` field (null: none, e.g. a mask). */
  role: AssetRole | null;
  purpose: UploadPurpose;
  /** Where it was chosen (a studio's drop zone), so a reload shows it there again; null elsewhere (shared files). */
  slot: string | null;
  /** What the page read of the file before it was sent (px, s), for the placeholder the studio shows. */
  width?: number;
  height?: number;
  durationSeconds?: number;
  /** Once done: the stored asset. */
  assetId?: string;
  asset?: Asset;
  /** No drop zone shows it any longer: it goes once no queued generation needs it either. */
  released: boolean;
}

export interface OutboxSubmit extends OutboxRecord {
  kind: 'submit';
  feature: Feature;
  /** The generation request, with outbox references (`outbox:<upload id>`) in place of asset ids. */
  request: GenerationRequest;
  /** The uploads it waits for. */
  entryIds: string[];
  /** The app's language when it was queued (the job notification speaks it). */
  locale: string;
  /** Once done: the job the server accepted. */
  generationId?: string;
  job?: Generation;
}

export type OutboxEntry = OutboxUpload | OutboxSubmit;

export interface NewOutboxUpload {
  userId: string;
  blob: Blob;
  name: string;
  type?: string;
  role: AssetRole | null;
  purpose?: UploadPurpose;
  slot?: string | null;
  apiBase?: string;
  width?: number;
  height?: number;
  durationSeconds?: number;
  /** Chosen by the caller (tests); a fresh UUID otherwise. */
  id?: string;
}

export interface NewOutboxSubmit {
  userId: string;
  /** With outbox references in place of the asset ids still waiting. */
  request: GenerationRequest;
  locale: string;
  apiBase?: string;
  id?: string;
}

// ── Outbox references ─────────────────────────────────────────────────────────────────

/** What stands for an asset id in a request (and in a studio's choice) while its upload waits. */
export const OUTBOX_REF_PREFIX = 'outbox:';

export function outboxRef(entryId: string): string {
  return OUTBOX_REF_PREFIX + entryId;
}

/** The upload id a reference names; null when the value is not a reference. */
export function outboxRefId(value: unknown): string | null {
  return typeof value === 'string' && value.startsWith(OUTBOX_REF_PREFIX) && value.length > OUTBOX_REF_PREFIX.length
    ? value.slice(OUTBOX_REF_PREFIX.length)
    : null;
}

/** Every upload id a value (a request) refers to, once each, in order. */
export function outboxRefsOf(value: unknown): string[] {
  const found = new Set<string>();
  const walk = (node: unknown) => {
    const id = outboxRefId(node);
    if (id) found.add(id);
    else if (Array.isArray(node)) node.forEach(walk);
    else if (node && typeof node === 'object') Object.values(node).forEach(walk);
  };
  walk(value);
  return [...found];
}

/** A copy of `value` with each reference replaced by its asset id (`assetIds`: upload id → asset id). */
export function substituteOutboxRefs<T>(value: T, assetIds: ReadonlyMap<string, string>): T {
  const swap = (node: unknown): unknown => {
    const id = outboxRefId(node);
    if (id) return assetIds.get(id) ?? node;
    if (Array.isArray(node)) return node.map(swap);
    if (node && typeof node === 'object') return Object.fromEntries(Object.entries(node).map(([key, inner]) => [key, swap(inner)]));
    return node;
  };
  return swap(value) as T;
}
