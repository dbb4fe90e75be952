/// <reference lib="webworker" />
import { isShareFromAppOrSheet, SHARE_TARGET_MESSAGES, SHARE_TARGET_PATH } from '../src/contract/share-target.ts';
import { chooserPath, pruneSharedEntries, putSharedEntry, sharedEntryFromForm, type SharedEntry } from '../src/kernel/share-store.ts';

declare const self: ServiceWorkerGlobalScope;

/**
 * The Web Share Target (manifest `share_target`: POST multipart to /share-target): photos shared
 * from another app are kept in IndexedDB (src/kernel/share-store.ts) and the browser is sent
 * on with a 303 to the chooser (`/share?id=<entry id>`), which uploads them. Nothing reaches the
 * network here, so sharing works offline; the chooser queues the upload then. Only the system
 * share sheet and the app itself may share: a form another site posts here is refused (403).
 */
export function registerShareTarget(): void {
  self.addEventListener('fetch', (event) => {
    const { request } = event;
    if (request.method !== 'POST') return;
    const url = new URL(request.url);
    if (url.origin !== self.location.origin || url.pathname !== SHARE_TARGET_PATH) return;
    event.respondWith(receiveShare(request, defaultDeps()));
  });
}

export interface ShareTargetDeps {
  save: (entry: SharedEntry) => Promise<void>;
  /** Drops entries nobody opened (best effort). */
  prune: (now: number) => Promise<unknown>;
  newId: () => string;
  now: () => number;
  /** The app's origin, for the absolute Location. */
  origin: string;
}

function defaultDeps(): ShareTargetDeps {
  return {
    save: putSharedEntry,
    prune: pruneSharedEntries,
    newId: () => crypto.randomUUID(),
    now: Date.now,
    origin: self.location.origin,
  };
}

/**
 * Keeps the shared photos and answers 303 to the chooser; a body that cannot be read or stored
 * (not multipart, storage full) still lands on the chooser, which says the share was lost.
 */
export async function receiveShare(request: Request, deps: ShareTargetDeps): Promise<Response> {
  const sender = { fetchSite: request.headers.get('sec-fetch-site'), origin: request.headers.get('origin'), referrer: request.referrer };
  if (!isShareFromAppOrSheet(sender, (origin) => origin === deps.origin)) {
    // Nothing is read or kept; the answer is the API's error shape.
    return Response.json({ detail: SHARE_TARGET_MESSAGES.shareRefused, code: 'shareRefused' }, { status: 403, headers: { 'Cache-Control': 'no-store' } });
  }
  let location: string;
  try {
    const entry = sharedEntryFromForm(await request.formData(), deps.newId(), deps.now());
    await deps.save(entry);
    location = chooserPath({ id: entry.id });
    // Old entries go after the new one is safe; a failure here costs only space.
    await deps.prune(entry.createdAt).catch(() => undefined);
  } catch {
    location = chooserPath({ reason: 'unreadable' });
  }
  return Response.redirect(new URL(location, deps.origin).href, 303);
}
