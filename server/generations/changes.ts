/**
 * What other processes' changes to jobs mean here. Every change of a job row but its heartbeat is
 * announced by the database, in the transaction that makes it, on CHANGES_CHANNEL as
 * '<status>:<user_id>' (trigger `generations_announce`, migration 0017): a web process looks at
 * once for the event streams of that account, and a queued job (a submit, a job taken back from a
 * dead worker) wakes this process's workers to fetch now rather than at their next poll.
 *
 * On PGlite there are no notifications (one process: its own writes wake it, see
 * events.ts#notifyingRepository and GenerationJobs.wake); polling stays the fallback everywhere.
 */
import type { GenerationStatus } from '../../src/contract/generations.ts';
import type { Notifications } from '../db/notifications.ts';

/** The channel of the `generations_announce` trigger (0017_scale_out.sql). */
export const CHANGES_CHANNEL = 'generation_changes';

export interface JobChange {
  status: GenerationStatus;
  userId: string;
}

/** A notification's payload as a change; null for anything else. */
export function parseChange(payload: string): JobChange | null {
  const colon = payload.indexOf(':');
  if (colon <= 0) return null;
  const status = payload.slice(0, colon) as GenerationStatus;
  const userId = payload.slice(colon + 1);
  return userId ? { status, userId } : null;
}

export interface ChangeListeners {
  /** A job of `userId` changed in some process. */
  changed(userId: string): void;
  /** A job was queued (or queued again): workers should fetch. */
  queued(): void;
  /** Notifications were off for a while: anything may have changed. */
  missed(): void;
}

/** Follows the announced changes; returns the unsubscribe (a no-op without notifications). */
export function followChanges(notifications: Notifications | null, listeners: ChangeListeners): () => void {
  if (!notifications) return () => undefined;
  return notifications.subscribe(CHANGES_CHANNEL, {
    onMessage(payload) {
      const change = parseChange(payload);
      if (!change) return;
      listeners.changed(change.userId);
      if (change.status === 'queued') listeners.queued();
    },
    onConnected: () => listeners.missed(),
  });
}
