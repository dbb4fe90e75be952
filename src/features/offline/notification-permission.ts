import type { Feature } from '../../contract/generations.ts';
import { EXPECTED_DURATIONS } from '../generations/expected-duration.ts';

/**
 * When the app offers job notifications (docs/product-rules.md#job-notifications): the first time the person starts a long job,
 * never on load, and never again once they answered (granted, refused, or put it off). The
 * browser's own prompt only follows their "Turn on" click.
 */

/** localStorage: the person's answer to the in-app offer ('granted', 'denied', 'dismissed'). */
export const NOTIFY_PROMPT_KEY = 'atelier.jobs.notify-prompt';

/** A job counts as long when even its shortest expected time (docs/product-rules.md#processing-times) exceeds this, in seconds: worth leaving the page for. */
export const LONG_JOB_SECONDS = 20;

export type PromptAnswer = 'granted' | 'denied' | 'dismissed';

export function isLongJob(feature: Feature): boolean {
  return EXPECTED_DURATIONS[feature].minSeconds > LONG_JOB_SECONDS;
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

/** Whether to offer notifications for a job of `feature` that just started. */
export function shouldOfferNotifications(feature: Feature, api: NotificationApi | null, storage: Pick<Storage, 'getItem'> | null): boolean {
  // Already decided in the browser (granted or blocked): asking again would only nag.
  if (!api || api.permission !== 'default') return false;
  return isLongJob(feature) && storedAnswer(storage) === null;
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
