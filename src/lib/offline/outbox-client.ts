import type { GenerationRequest } from '../../contract/generations.schema.ts';
import type { Asset } from '../../contract/media.schema.ts';
import type { AssetRole, UploadPurpose } from '../../contract/media.ts';
import { apiUrl } from '../api.ts';
import { readStoredLocale } from '../i18n.ts';
import { getSession } from '../session.ts';
import { trackSubmittedJob } from './job-client.ts';
import type { FlushReport, OutboxAuth, OutboxSender } from '../../kernel/outbox-sender.ts';
import { OUTBOX_SYNC_TAG, outboxRef, type OutboxSubmit, type OutboxUpload } from '../../kernel/outbox-entries.ts';
import { enqueueUpload, listOutbox, listOutboxSubmits, onOutboxChange, outboxStore, queueSubmit } from '../../kernel/outbox-store.ts';
import { readSessionSnapshot } from '../../kernel/session-store.ts';

/**
 * The page's side of the upload outbox (outbox-store.ts), without React and without text:
 * queuing a file or a generation (and asking the service worker for a Background Sync), sending
 * at start-up and whenever the browser comes back online, and the placeholder asset a studio
 * shows for a file that waits (its local preview). The React part is src/features/offline-outbox/.
 */

/** Whether the browser says it has no network (its "online" only means a network is attached). */
export function browserOffline(): boolean {
  return typeof navigator !== 'undefined' && navigator.onLine === false;
}

/** The session to send with: this page's own (localStorage), else the copy the service worker reads. */
async function pageAuth(): Promise<OutboxAuth | null> {
  const session = getSession();
  const token = session.getToken();
  const userId = session.getState().user?.id;
  if (token && userId) return { token, userId };
  return readSessionSnapshot();
}

let sender: Promise<OutboxSender> | undefined;

/**
 * The sender's code loads the first time something is to be sent: most visits queue nothing,
 * and they do not pay for it. A failed load (say, offline before the service worker cached it)
 * is tried again at the next send.
 */
function pageSender(): Promise<OutboxSender> {
  sender ??= import('../../kernel/outbox-sender.ts').then(({ createOutboxSender }) =>
    createOutboxSender({
      store: outboxStore(),
      auth: pageAuth,
      // The job joins the watch list like any submit from this page (notification, badge).
      onSubmitted: (_submit, job) => trackSubmittedJob(job),
    }),
  );
  sender.catch(() => {
    sender = undefined;
  });
  return sender;
}

/**
 * While files still wait after a run that found no answer, the page tries again on its own:
 * the browser may believe it is online all along (a captive portal, a dead Wi-Fi), so no
 * `online` event would come. First after 15 s, then twice as long each time, up to 5 min.
 */
const RETRY_FIRST_MS = 15_000;
const RETRY_MAX_MS = 5 * 60_000;
let retryDelay = RETRY_FIRST_MS;
let retryTimer: ReturnType<typeof setTimeout> | undefined;

function scheduleRetry(report: FlushReport | null): void {
  const unanswered = report?.stopped === 'offline' || report?.stopped === 'server';
  if (!report || report.waiting === 0 || !unanswered) {
    retryDelay = RETRY_FIRST_MS;
    return;
  }
  if (retryTimer !== undefined || typeof window === 'undefined') return;
  // Not before the server's Retry-After (the sender would hold those entries back anyway).
  const delay = Math.max(retryDelay, (report.retryAt ?? 0) - Date.now());
  retryTimer = setTimeout(() => {
    retryTimer = undefined;
    // Known offline: the `online` event sends instead.
    if (!browserOffline()) void flushOutbox();
  }, delay);
  retryDelay = Math.min(retryDelay * 2, RETRY_MAX_MS);
}

/** Sends what waits (under the outbox's Web Lock); never rejects. */
export async function flushOutbox(): Promise<FlushReport | null> {
  let report: FlushReport | null = null;
  try {
    report = await (await pageSender()).flush();
  } catch (error) {
    console.warn('Outbox not sent', error);
  }
  scheduleRetry(report);
  return report;
}

let started = false;

/**
 * Sends the outbox at start-up and each time the browser comes back online. Called once by the
 * app's entry; the service worker's Background Sync covers closed tabs.
 */
export function startOutbox(): void {
  if (started || typeof window === 'undefined') return;
  started = true;
  window.addEventListener('online', () => void flushIfWaiting());
  if (!browserOffline()) void flushIfWaiting();
}

/** Sends when the outbox holds anything (of any account: the sender skips what it may not send). */
async function flushIfWaiting(): Promise<void> {
  try {
    const [uploads, submits] = await Promise.all([listOutbox(), listOutboxSubmits()]);
    if (uploads.length === 0 && submits.length === 0) return;
  } catch (error) {
    console.warn('Outbox not read', error);
    return;
  }
  await flushOutbox();
}

interface SyncRegistration {
  sync?: { register(tag: string): Promise<void> };
}

/** Asks the service worker to send the outbox when the network is there, even with the tab closed. */
export async function requestOutboxSync(): Promise<void> {
  if (typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return;
  try {
    const registration = await navigator.serviceWorker.getRegistration();
    await (registration as (ServiceWorkerRegistration & SyncRegistration) | undefined)?.sync?.register(OUTBOX_SYNC_TAG);
  } catch {
    // No Background Sync (Firefox, Safari): the page sends on start-up and on `online`.
  }
}

// ── Queuing ───────────────────────────────────────────────────────────────────────────

/** A file's facts the placeholder needs (the upscaler's output size, a video's length). */
interface MediaFacts {
  width?: number;
  height?: number;
  durationSeconds?: number;
}

/** Reading a file's size or length gives up after this long, in ms: the file is queued without it. */
const FACTS_TIMEOUT_MS = 5_000;

/** The pixel size of an image, or size and length of a video, read locally; nothing when the browser cannot tell. */
async function mediaFacts(blob: Blob): Promise<MediaFacts> {
  if (typeof document === 'undefined' || typeof URL.createObjectURL !== 'function') return {};
  const url = URL.createObjectURL(blob);
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('timeout')), FACTS_TIMEOUT_MS);
  });
  try {
    if (blob.type.startsWith('video/')) {
      const video = document.createElement('video');
      video.preload = 'metadata';
      video.muted = true;
      const loaded = new Promise<void>((resolve, reject) => {
        video.addEventListener('loadedmetadata', () => resolve(), { once: true });
        video.addEventListener('error', () => reject(new Error('unreadable')), { once: true });
      });
      video.src = url;
      await Promise.race([loaded, timeout]);
      return { width: video.videoWidth, height: video.videoHeight, durationSeconds: Number.isFinite(video.duration) ? video.duration : undefined };
    }
    const image = new Image();
    const loaded = new Promise<void>((resolve, reject) => {
      image.addEventListener('load', () => resolve(), { once: true });
      image.addEventListener('error', () => reject(new Error('unreadable')), { once: true });
    });
    image.src = url;
    await Promise.race([loaded, timeout]);
    return { width: image.naturalWidth, height: image.naturalHeight };
  } catch {
    return {};
  } finally {
    clearTimeout(timer);
    URL.revokeObjectURL(url);
  }
}

export interface QueueFileOptions {
  userId: string;
  role: AssetRole | null;
  purpose: UploadPurpose;
  /** The drop zone it was chosen in (see outboxSlot); null elsewhere. */
  slot: string | null;
}

/** Puts a file in the outbox, asks for a sync, and sends at once if the browser has a network. */
export async function queueFile(file: File, options: QueueFileOptions): Promise<OutboxUpload> {
  const entry = await enqueueUpload({
    userId: options.userId,
    blob: file,
    name: file.name,
    type: file.type,
    role: options.role,
    purpose: options.purpose,
    slot: options.slot,
    apiBase: apiUrl(''),
    ...(await mediaFacts(file)),
  });
  void requestOutboxSync();
  if (!browserOffline()) void flushOutbox();
  return entry;
}

/** Queues a generation whose request names outbox references; it is submitted once they are sent. */
export async function queueGeneration(request: GenerationRequest, userId: string): Promise<OutboxSubmit> {
  const entry = await queueSubmit({ userId, request, locale: readStoredLocale(), apiBase: apiUrl('') });
  void requestOutboxSync();
  if (!browserOffline()) void flushOutbox();
  return entry;
}

/** The slot of a studio's drop zone: the screen's path and the zone's name. */
export function outboxSlot(zone: string): string {
  const path = typeof location === 'undefined' ? '' : location.pathname;
  return `${path}#${zone}`;
}

// ── Placeholders ──────────────────────────────────────────────────────────────────────

/** Object URLs of the files shown while they wait, by entry id (one per file for the page's life). */
const previews = new Map<string, string>();

/** A local URL of a waiting file, for <img> and <video>. */
export function outboxPreviewUrl(entry: OutboxUpload): string {
  let url = previews.get(entry.id);
  if (!url) {
    url = URL.createObjectURL(entry.blob);
    previews.set(entry.id, url);
  }
  return url;
}

/** Frees the previews of entries no longer in the outbox. */
async function releasePreviews(): Promise<void> {
  if (previews.size === 0) return;
  const live = new Set((await listOutbox()).map((entry) => entry.id));
  for (const [id, url] of previews) {
    if (live.has(id)) continue;
    URL.revokeObjectURL(url);
    previews.delete(id);
  }
}

if (typeof window !== 'undefined') onOutboxChange(() => void releasePreviews().catch(() => undefined));

/** Far in the future: a local preview does not expire. */
const NEVER = '9999-12-31T23:59:59.000Z';

/**
 * What a studio's choice holds for a file that waits in the outbox: an asset whose id is the
 * entry's outbox reference and whose URLs are the local preview. It takes the real asset's place
 * once the file is sent; a generation submitted meanwhile waits for it (outbox-store.ts).
 */
export function placeholderAsset(entry: OutboxUpload): Asset {
  const video = entry.type.startsWith('video/');
  const url = outboxPreviewUrl(entry);
  return {
    id: outboxRef(entry.id),
    kind: video ? 'video' : 'image',
    media_type: video ? 'video' : 'image',
    roles: entry.role ? [entry.role] : [],
    mime: entry.type,
    name: entry.name,
    width: entry.width ?? 0,
    height: entry.height ?? 0,
    bytes: entry.size,
    duration_seconds: entry.durationSeconds ?? null,
    fps: null,
    codec: null,
    source: 'upload',
    generation_id: null,
    feature: null,
    warnings: [],
    metadata: { outbox: true },
    url,
    thumbnail_url: url,
    poster_url: null,
    urls_expire_at: NEVER,
    created_at: new Date(entry.createdAt).toISOString(),
  };
}
