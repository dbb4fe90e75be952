/**
 * The watch over one run while its engine works: heartbeat, progress and the detection of a run
 * that is no longer current (cancelled, or taken over after a restart), plus the two waits the
 * runner stops an engine with.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { GENERATION_STAGES, type GenerationStage } from '../../src/contract/generation-stages.ts';
import type { Logger } from '../logger.ts';
import type { RunStore } from './run-repository.ts';

/** How often the watch looks at the row, in ms: progress is written at most this often. */
const WATCH_TICK_MS = 500;
/** Longest gap between two heartbeats of a run, in ms (the sweeper's staleness is ten of these). */
export const HEARTBEAT_MS = 1_000;
/** What a watch needs: where the heartbeat goes, and the clock (ms since the epoch). */
export interface WatchDeps {
  repository: Pick<RunStore, 'tick'>;
  now: () => number;
}

/** The stage keys an engine may report. */
const STAGE_KEYS = new Set(Object.keys(GENERATION_STAGES));

export interface Watch {
  report(stage: GenerationStage, percent: number): void;
  stop(): Promise<void>;
}

/**
 * Heartbeat, progress and cancel detection of one run: every WATCH_TICK_MS, one conditional
 * UPDATE when the progress moved or the last write is HEARTBEAT_MS old; zero rows updated means
 * the run is no longer current.
 */
export function startWatch(deps: WatchDeps, id: string, attempt: number, onLost: () => void, log: Logger): Watch {
  let latest: { stage: GenerationStage; percent: number } = { stage: 'queued', percent: 0 };
  let written = latest;
  let lastWriteAt = Date.now();
  let busy: Promise<void> | null = null;

  const tick = async () => {
    const moved = latest.stage !== written.stage || latest.percent !== written.percent;
    if (!moved && Date.now() - lastWriteAt < HEARTBEAT_MS) return;
    const sending = latest;
    try {
      const current = await deps.repository.tick(id, attempt, new Date(deps.now()), moved ? sending : null);
      lastWriteAt = Date.now();
      written = sending;
      if (!current) onLost();
    } catch (error) {
      // A missed heartbeat is not a reason to stop: the next tick tries again.
      log.warn({ err: error }, 'generation heartbeat failed');
    }
  };
  const timer = setInterval(() => {
    busy ??= tick().finally(() => {
      busy = null;
    });
  }, WATCH_TICK_MS);

  return {
    report(stage, percent) {
      if (!STAGE_KEYS.has(stage)) return;
      const clamped = Math.round(Math.min(100, Math.max(0, Number.isFinite(percent) ? percent : 0)));
      latest = { stage, percent: Math.max(latest.percent, clamped) };
    },
    async stop() {
      clearInterval(timer);
      await busy;
    },
  };
}

/** Rejects with the signal's reason when it aborts first; the work's own outcome otherwise. */
export function untilAborted<T>(work: Promise<T>, signal: AbortSignal): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    if (signal.aborted) onAbort();
    signal.addEventListener('abort', onAbort, { once: true });
    work.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}

/** Waits for `work` to settle, at most `ms`. */
export async function settledWithin(work: Promise<unknown>, ms: number): Promise<void> {
  const stop = new AbortController();
  await Promise.race([work, sleep(ms, undefined, { signal: stop.signal }).catch(() => undefined)]);
  stop.abort();
}
