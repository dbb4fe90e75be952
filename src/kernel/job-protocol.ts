// The page↔worker shared kernel (src/kernel): modules both the service worker (sw/) and the
// pages import. They import only src/contract, each other, idb-keyval and valibot: no DOM-only
// code, no React, nothing from src/lib or src/features.
/**
 * What the page and the service worker say to each other about tracked jobs (messages
 * `{ type: 'atelier:jobs:<verb>' }`, shared offline conventions), and the background-sync tag.
 * DOM-free: both sides import it.
 */

/** Page → SW: the watch list has pending jobs; poll them (sent at start-up and after each submit). */
export const JOBS_WATCH_MESSAGE = 'atelier:jobs:watch';
/** SW → page: a notification was clicked; open `url` in the app. */
export const JOBS_OPEN_MESSAGE = 'atelier:jobs:open';
/** SW → page: the SW saw these jobs end; the page refreshes what shows them. */
export const JOBS_CHANGED_MESSAGE = 'atelier:jobs:changed';

/** Tag of the periodic (and one-off) background sync that polls the watch list. */
export const JOBS_SYNC_TAG = 'atelier-jobs';

export interface JobsWatchMessage {
  type: typeof JOBS_WATCH_MESSAGE;
}
export interface JobsOpenMessage {
  type: typeof JOBS_OPEN_MESSAGE;
  url: string;
}
export interface JobsChangedMessage {
  type: typeof JOBS_CHANGED_MESSAGE;
  ids: string[];
}

/** Where a job's result opens: the history deep link (the history screen scrolls to and opens it). */
export function jobResultUrl(id: string): string {
  return `/history?job=${encodeURIComponent(id)}`;
}

export function isJobsMessage<T extends { type: string }>(data: unknown, type: T['type']): data is T {
  return typeof data === 'object' && data !== null && (data as { type?: unknown }).type === type;
}
