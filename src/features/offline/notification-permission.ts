import type { ExpectedDuration } from '../generations/expected-duration.ts';

/**
 * When the app offers job notifications (docs/product-rules.md#job-notifications): the first time the person starts a long job
 * (one expected to take long on the engine that runs it, or one still running well past a
 * short job's wait), never on load, and never again once they answered (granted, refused, or
 * put it off). The browser's own prompt only follows their "Turn on" click.
 */

/** localStorage: the person's answer to the in-app offer ('granted', 'denied', 'dismissed'). */
export const NOTIFY_PROMPT_KEY = 'atelier.jobs.notify-prompt';

/**
 * A job counts as long when even its shortest expected time on the engine that runs it
 * (docs/product-rules.md#processing-times) exceeds this, in seconds: worth leaving the page for.
 */
export const LONG_JOB_SECONDS = 20;

/** A job expected to be short is offered notifications once it has run this long, in seconds, and still runs. */
export const OFFER_AFTER_SECONDS = 10;

export type PromptAnswer = 'granted' | 'denied' | 'dismissed';

export function isLongJob(expected: ExpectedDuration): boolean {
  return expected.minSeconds > LONG_JOB_SECONDS;
}

/** The part of Notification the offer reads (absent in browsers without notifications). */
export interface NotificationApi {
  readonly permission: NotificationPermission;
  requestPermission(): Promise<NotificationPermission>;
}

export function notificationApi(): NotificationApi | null {
  return typeof globalThis.Notification === 'function' ? globalThis.Notification : null;
}

function storedAnswer(storage: Pick<Storage, 'getItem'> | null): string | null {
  try {
    return storage?.getItem(NOTIFY_PROMPT_KEY) ?? null;
  } catch {
    return null;
  }
}

/** Whether the offer may be shown at all: the browser has not decided and the person never answered. */
export function mayOfferNotifications(api: NotificationApi | null, storage: Pick<Storage, 'getItem'> | null): boolean {
  // Already decided in the browser (granted or blocked): asking again would only nag.
  if (!api || api.permission !== 'default') return false;
  return storedAnswer(storage) === null;
}

export function rememberPromptAnswer(storage: Pick<Storage, 'setItem'> | null, answer: PromptAnswer): void {
  try {
    storage?.setItem(NOTIFY_PROMPT_KEY, answer);
  } catch {
    // Storage disabled: the offer may come back next visit, no worse than that.
  }
}

/** The browser's prompt, after the person asked for it; the answer is remembered either way. */
export async function requestNotifications(api: NotificationApi, storage: Pick<Storage, 'setItem'> | null): Promise<NotificationPermission> {
  let permission: NotificationPermission;
  try {
    permission = await api.requestPermission();
  } catch {
    permission = 'default';
  }
  rememberPromptAnswer(storage, permission === 'granted' ? 'granted' : permission === 'denied' ? 'denied' : 'dismissed');
  return permission;
}

export function localStore(): Storage | null {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    return null;
  }
}
