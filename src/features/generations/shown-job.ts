import type { Feature } from '../../contract/tools.ts';
import type { Generation } from '../../contract/generations.schema.ts';
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

/** sessionStorage key of the last job a studio screen showed, per feature set: the form's "Last result". */
export const LAST_JOB_KEY_PREFIX = 'atelier.studio.last.';

function read(key: string): string | null {
  try {
    return sessionStore()?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

function write(key: string, id: string | null): void {
  try {
    const store = sessionStore();
    if (id) store?.setItem(key, id);
    else store?.removeItem(key);
  } catch {
    // Best effort, see sessionStore.
  }
}

/** The job on the screen (null: the form). */
export function readShownJob(featureKey: string): string | null {
  return read(SHOWN_JOB_KEY_PREFIX + featureKey);
}

export function writeShownJob(featureKey: string, id: string | null): void {
  write(SHOWN_JOB_KEY_PREFIX + featureKey, id);
}

/** The last job the screen showed, kept after Create New: offered from the form. */
export function readLastJob(featureKey: string): string | null {
  return read(LAST_JOB_KEY_PREFIX + featureKey);
}

export function writeLastJob(featureKey: string, id: string | null): void {
  write(LAST_JOB_KEY_PREFIX + featureKey, id);
}

// ── Reload or coming back ─────────────────────────────────────────────────────────────

let firstDecision = true;

/** A new document as far as restoresShownJob knows (tests mount several "first" screens). */
export function resetRestoreDecision(): void {
  firstDecision = true;
}

/**
 * Whether a studio screen mounting now restores what it showed: only when this document is a
 * reload of the studio's own page, and only for its first screen (a later visit in the same
 * document is coming back). Coming back opens on a fresh first step instead, with the last
 * result offered beside it. Asked once per mount.
 */
export function restoresShownJob(): boolean {
  const first = firstDecision;
  firstDecision = false;
  if (!first || typeof performance === 'undefined' || typeof location === 'undefined') return false;
  const navigation = performance.getEntriesByType?.('navigation')[0] as PerformanceNavigationTiming | undefined;
  if (navigation?.type !== 'reload') return false;
  try {
    return new URL(navigation.name).pathname === location.pathname;
  } catch {
    return false;
  }
}
