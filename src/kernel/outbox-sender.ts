// The page↔worker shared kernel (src/kernel): modules both the service worker (sw/) and the
// pages import. They import only src/contract, each other, idb-keyval and valibot: no DOM-only
// code, no React, nothing from src/lib or src/features.
import * as v from 'valibot';
import { GenerationSchema, type Generation } from '../contract/generations.schema.ts';
import { AssetSchema } from '../contract/media.schema.ts';
import { OUTBOX_LOCK, substituteOutboxRefs, type OutboxSubmit, type OutboxUpload } from './outbox-entries.ts';
import type { OutboxStore } from './outbox-store.ts';

/**
 * Sends the outbox (see outbox-store.ts): its waiting uploads, a few at a time, as the studio
 * would (`POST /api/media`, multipart `purpose`, `role`, `file`), each with its id as the
 * Idempotency-Key; then each queued generation whose uploads are all done, once, with its own
 * id as the key. The page runs it at start-up and on the `online` event, the service worker on
 * Background Sync: whichever runs holds the Web Lock `atelier-outbox`, so the two never send the
 * same entry at once, and the keys make any replay (a send whose answer was lost) harmless.
 *
 * Answers: 2xx → done (with the asset or the job); no answer, a timeout, 408, 429 or a 5xx →
 * back to waiting, and this run stops (the network or the server is not there yet); a 429 (the
 * hourly upload limits) also keeps the entry from being sent again before its Retry-After
 * (`notBefore`; the report's `retryAt` says when); 401 → back
 * to waiting, and the run stops until a session with a working token sends it (logging out
 * wipes the outbox, so a waiting file only ever belongs to the account that may send it); any
 * other 4xx → failed, with the server's message (a 413 `storageFull` too: sending it again
 * cannot help until the person frees space, so it is not retried).
 *
 * DOM-free (fetch, FormData, valibot, idb-keyval): the service worker runs it too.
 */

export interface OutboxAuth {
  token: string;
  userId: string;
}

/** The part of the Web Locks API used here (navigator.locks in pages and workers). */
export interface LockManagerLike {
  request<T>(name: string, callback: () => Promise<T>): Promise<T>;
}

export interface OutboxSenderDeps {
  store: OutboxStore;
  /** The session to send with; null when signed out (nothing is sent). */
  auth: () => Promise<OutboxAuth | null>;
  fetch?: typeof fetch;
  /** navigator.locks by default; null for none (tests of the fallback). */
  locks?: LockManagerLike | null;
  /** Uploads at once. */
  concurrency?: number;
  /** A queued generation was accepted (the job watch list follows it). */
  onSubmitted?: (submit: OutboxSubmit, job: Generation) => Promise<void> | void;
  /** ms since the epoch (Date.now by default). */
  now?: () => number;
}

/** Why a run stopped before the outbox was empty of waiting entries. */
export type FlushStop = 'offline' | 'server' | 'signed-out';

export interface FlushReport {
  uploaded: number;
  submitted: number;
  failed: number;
  /** Entries of the account still waiting after the run. */
  waiting: number;
  stopped: FlushStop | null;
  /** The earliest instant (ms since the epoch) a waiting entry the server asked to wait may be sent; null when none waits so. */
  retryAt: number | null;
}

/** Uploads at once: enough to fill a line, few enough that the first asset arrives soon. */
export const OUTBOX_CONCURRENCY = 3;
/**
 * One request may take this long, in ms: fetch reports no upload progress, so the limit covers
 * the largest file (a 100 MB video) at about 170 KB/s rather than restarting on progress.
 */
export const OUTBOX_REQUEST_TIMEOUT_MS = 10 * 60_000;

type Outcome =
  | { kind: 'done'; body: unknown }
  | { kind: 'failed'; status: number; message: string; body: unknown }
  | { kind: 'retry'; stop: FlushStop; notBefore?: number };

/** The longest Retry-After honoured, in ms: a day; a bogus header must not park the outbox for good. */
export const MAX_RETRY_AFTER_MS = 24 * 60 * 60_000;

/**
 * How long a 429 asks to wait, in ms: its Retry-After header (seconds, or an HTTP date), else the
 * body's `retry_after_seconds` (the server's coded errors carry both); undefined when neither says.
 */
export function retryAfterMs(response: Response, body: unknown, nowMs: number): number | undefined {
  const header = response.headers.get('Retry-After')?.trim();
  let ms: number | undefined;
  if (header && /^\d+$/.test(header)) ms = Number(header) * 1000;
  else if (header && !Number.isNaN(Date.parse(header))) ms = Date.parse(header) - nowMs;
  else if (body && typeof body === 'object') {
    const seconds = (body as Record<string, unknown>).retry_after_seconds;
    if (typeof seconds === 'number' && Number.isFinite(seconds)) ms = seconds * 1000;
  }
  return ms === undefined ? undefined : Math.min(Math.max(0, ms), MAX_RETRY_AFTER_MS);
}

function parseBody(text: string): unknown {
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/** The server's words for a refused POST (docs/product-rules.md#api-errors: `detail`, else `message`). */
function failureMessage(status: number, body: unknown): string {
  if (body && typeof body === 'object') {
    for (const field of ['detail', 'message']) {
      const value = (body as Record<string, unknown>)[field];
      if (typeof value === 'string' && value.trim()) return value;
    }
  }
  if (typeof body === 'string' && body.trim()) return body.trim();
  return `API request failed with status: ${status}`;
}

/** Whether an answer is final (the request itself is refused) rather than worth sending again later. */
function isPermanent(status: number): boolean {
  return status >= 400 && status < 500 && status !== 401 && status !== 408 && status !== 429;
}

/** Serialises runs inside one context when the Web Locks API is missing (Safari before 15.4). */
function localMutex(): LockManagerLike {
  let tail: Promise<unknown> = Promise.resolve();
  return {
    request<T>(_name: string, callback: () => Promise<T>): Promise<T> {
      const previous = tail;
      const run = (async () => {
        await previous.catch(() => undefined);
        return callback();
      })();
      tail = run.catch(() => undefined);
      return run;
    },
  };
}

function requestHeaders(auth: OutboxAuth, key: string): Record<string, string> {
  return { Accept: 'application/json', Authorization: `Bearer ${auth.token}`, 'Idempotency-Key': key };
}

function defaultLocks(): LockManagerLike | null {
  const nav = (globalThis as { navigator?: { locks?: LockManagerLike } }).navigator;
  return nav?.locks ?? null;
}

export interface OutboxSender {
  /**
   * Sends what waits, under the lock. Calls while a run is under way share one more run after
   * it (an entry queued meanwhile is not missed).
   */
  flush(): Promise<FlushReport>;
}

export function createOutboxSender(deps: OutboxSenderDeps): OutboxSender {
  const { store } = deps;
  const send = deps.fetch ?? ((input, init) => fetch(input, init));
  const locks = (deps.locks === undefined ? defaultLocks() : deps.locks) ?? localMutex();
  const concurrency = Math.max(1, deps.concurrency ?? OUTBOX_CONCURRENCY);
  const now = deps.now ?? Date.now;

  const post = async (url: string, init: RequestInit): Promise<Outcome> => {
    let response: Response;
    let text: string;
    try {
      response = await send(url, { ...init, method: 'POST', signal: AbortSignal.timeout(OUTBOX_REQUEST_TIMEOUT_MS) });
      text = await response.text();
    } catch {
      // No answer (offline, DNS, a reset connection) or a timeout: the request may or may not have
      // arrived; the Idempotency-Key makes the next attempt return the first answer.
      return { kind: 'retry', stop: 'offline' };
    }
    const body = parseBody(text);
    if (response.ok) return { kind: 'done', body };
    if (response.status === 401) return { kind: 'retry', stop: 'signed-out' };
    if (response.status === 429) {
      const wait = retryAfterMs(response, body, now());
      return wait === undefined ? { kind: 'retry', stop: 'server' } : { kind: 'retry', stop: 'server', notBefore: now() + wait };
    }
    if (isPermanent(response.status)) return { kind: 'failed', status: response.status, message: failureMessage(response.status, body), body };
    return { kind: 'retry', stop: 'server' };
  };

  const uploadOne = async (entry: OutboxUpload, auth: OutboxAuth): Promise<Outcome> => {
    const form = new FormData();
    // The fields come before the file: the server applies the exact limit only then (uploads.ts).
    form.append('purpose', entry.purpose);
    if (entry.role) form.append('role', entry.role);
    form.append('file', entry.blob, entry.name);
    return post(`${entry.apiBase}/api/media`, { headers: requestHeaders(auth, entry.id), body: form });
  };

  const submitOne = async (entry: OutboxSubmit, assetIds: ReadonlyMap<string, string>, auth: OutboxAuth): Promise<Outcome> =>
    post(`${entry.apiBase}/api/generations`, {
      headers: { ...requestHeaders(auth, entry.id), 'Content-Type': 'application/json' },
      body: JSON.stringify(substituteOutboxRefs(entry.request, assetIds)),
    });

  const run = async (): Promise<FlushReport> => {
    const report: FlushReport = { uploaded: 0, submitted: 0, failed: 0, waiting: 0, stopped: null, retryAt: null };
    const startedAt = now();
    /** Whether an entry must not go yet (a 429's Retry-After), noting when it may. */
    const deferred = (entry: { notBefore?: number }): boolean => {
      if (entry.notBefore === undefined || entry.notBefore <= startedAt) return false;
      report.retryAt = Math.min(report.retryAt ?? entry.notBefore, entry.notBefore);
      return true;
    };
    /** Back to waiting; with the server's wait, not before it. */
    const wait = async (id: string, outcome: Extract<Outcome, { kind: 'retry' }>) => {
      await store.markWaiting(id, outcome.notBefore);
      if (outcome.notBefore !== undefined) report.retryAt = Math.min(report.retryAt ?? outcome.notBefore, outcome.notBefore);
    };
    const auth = await deps.auth();
    if (!auth) return { ...report, stopped: 'signed-out' };
    // Under the lock nobody else is sending: anything marked sending was left by a closed tab.
    await store.resetStale();

    // ── Uploads, a few at a time ──
    const queue = (await store.listOutbox(auth.userId)).filter((entry) => entry.status === 'waiting' && !deferred(entry));
    const worker = async () => {
      for (let next = queue.shift(); next && !report.stopped; next = queue.shift()) {
        const entry = await store.claim(next.id);
        if (entry?.kind !== 'upload') continue;
        const outcome = await uploadOne(entry, auth);
        if (outcome.kind === 'done') {
          const parsed = v.safeParse(AssetSchema, outcome.body);
          if (parsed.success) {
            await store.markUploadDone(entry.id, parsed.output);
            report.uploaded += 1;
          } else {
            // An answer that is not an asset (a proxy's page): the server is not really there.
            await store.markWaiting(entry.id);
            report.stopped ??= 'server';
          }
        } else if (outcome.kind === 'failed') {
          await store.markFailed(entry.id, outcome);
          report.failed += 1;
        } else {
          await wait(entry.id, outcome);
          report.stopped ??= outcome.stop;
        }
      }
    };
    await Promise.all(Array.from({ length: concurrency }, worker));

    // ── Generations whose uploads are all done, one at a time ──
    if (!report.stopped) {
      for (const waiting of (await store.listSubmits(auth.userId)).filter((submit) => submit.status === 'waiting' && !deferred(submit))) {
        const uploads = await Promise.all(waiting.entryIds.map((id) => store.getEntry(id)));
        if (uploads.some((upload) => upload?.kind === 'upload' && (upload.status === 'waiting' || upload.status === 'sending'))) continue;
        const entry = await store.claim(waiting.id);
        if (entry?.kind !== 'submit') continue;
        const assetIds = new Map<string, string>();
        for (const upload of uploads) if (upload?.kind === 'upload' && upload.status === 'done' && upload.assetId) assetIds.set(upload.id, upload.assetId);
        if (assetIds.size < entry.entryIds.length) {
          // An upload it needs failed or was cancelled: it can never go as it is.
          await store.markFailed(entry.id, { message: 'An upload of this generation failed.', status: 0, body: { code: 'uploadFailed' } });
          report.failed += 1;
          continue;
        }
        const outcome = await submitOne(entry, assetIds, auth);
        if (outcome.kind === 'done') {
          const parsed = v.safeParse(GenerationSchema, outcome.body);
          if (!parsed.success) {
            await store.markWaiting(entry.id);
            report.stopped = 'server';
            break;
          }
          await store.markSubmitDone(entry.id, parsed.output);
          report.submitted += 1;
          try {
            await deps.onSubmitted?.(entry, parsed.output);
          } catch {
            // Tracking is a convenience: the job is accepted whatever happens to its watch entry.
          }
        } else if (outcome.kind === 'failed') {
          await store.markFailed(entry.id, outcome);
          report.failed += 1;
        } else {
          await wait(entry.id, outcome);
          report.stopped = outcome.stop;
          break;
        }
      }
    }
    // Entries held back by a Retry-After are not sent yet: the run is not over for them.
    if (report.retryAt !== null) report.stopped ??= 'server';

    await store.prune();
    const left = [...(await store.listOutbox(auth.userId)), ...(await store.listSubmits(auth.userId))];
    report.waiting = left.filter((entry) => entry.status === 'waiting').length;
    return report;
  };

  let running: Promise<FlushReport> | null = null;
  let again: Promise<FlushReport> | null = null;
  const locked = () => locks.request(OUTBOX_LOCK, run);

  const flush = (): Promise<FlushReport> => {
    if (!running) {
      running = locked().finally(() => {
        running = null;
      });
      return running;
    }
    // One more run after the current one serves every call made meanwhile.
    again ??= running
      .catch(() => undefined)
      .then(() => {
        again = null;
        return flush();
      });
    return again;
  };
  return { flush };
}
