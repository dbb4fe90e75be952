import type { Feature, Generation } from '../../contract/generations.ts';
import { isPendingStatus, newestFirst } from './api.ts';

// ── Reattach ──────────────────────────────────────────────────────────────────────────

/** The job a studio screen comes back to: the newest queued or processing job of its feature(s). */
export function pickReattachJob(jobs: readonly Generation[], features: readonly Feature[]): Generation | null {
  return jobs.filter((job) => features.includes(job.feature) && isPendingStatus(job.status)).toSorted(newestFirst)[0] ?? null;
}

// ── The job a screen was showing (this tab) ──────────────────────────────────────────

/** sessionStorage key of the job a studio screen shows, per feature set: it survives a reload of this tab. */
export const SHOWN_JOB_KEY_PREFIX = 'atelier.studio.job.';

function sessionStore(): Storage | null {
  try {
    return globalThis.sessionStorage ?? null;
  } catch {
    // Storage can be disabled (private mode, policies): the screen then only reattaches to running jobs.
    return null;
  }
}

export function readShownJob(featureKey: string): string | null {
  try {
    return sessionStore()?.getItem(SHOWN_JOB_KEY_PREFIX + featureKey) ?? null;
  } catch {
    return null;
  }
}

export function writeShownJob(featureKey: string, id: string | null): void {
  try {
    const store = sessionStore();
    if (id) store?.setItem(SHOWN_JOB_KEY_PREFIX + featureKey, id);
    else store?.removeItem(SHOWN_JOB_KEY_PREFIX + featureKey);
  } catch {
    // Best effort, see sessionStore.
  }
}
