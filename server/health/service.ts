/** Health rules: what is checked, how long a check may take, and what counts as healthy. */
import { performance } from 'node:perf_hooks';
import type { DatabaseDriver, HealthResponse } from '../../src/contract/health.schema.ts';
import type { Logger } from '../logger.ts';
import type { HealthRepository } from './repository.ts';

/** A dependency that has not answered within this many milliseconds counts as down. */
export const CHECK_TIMEOUT_MS = 2_000;

export interface HealthServiceDeps {
  repository: HealthRepository;
  driver: DatabaseDriver;
  queue: { ready(): Promise<boolean> };
  version: string;
  /** When the server started, in ms since the epoch. */
  startedAt: number;
  logger: Logger;
  now?: () => number;
}

export interface HealthService {
  check(): Promise<HealthResponse>;
}

/** Resolves to the promise's value, or rejects after `ms` milliseconds. */
async function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      promise,
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`timed out after ${ms} ms`)), ms);
      }),
    ]);
  } finally {
    clearTimeout(timer);
  }
}

export function createHealthService(deps: HealthServiceDeps): HealthService {
  const now = deps.now ?? Date.now;

  async function checkDatabase(): Promise<HealthResponse['database']> {
    const started = performance.now();
    try {
      await withTimeout(deps.repository.ping(), CHECK_TIMEOUT_MS);
      return { ok: true, driver: deps.driver, latencyMs: Math.round((performance.now() - started) * 10) / 10 };
    } catch (error) {
      deps.logger.warn({ err: error }, 'health: database check failed');
      return { ok: false, driver: deps.driver, latencyMs: null };
    }
  }

  async function checkQueue(): Promise<HealthResponse['queue']> {
    try {
      return { ok: await withTimeout(deps.queue.ready(), CHECK_TIMEOUT_MS) };
    } catch (error) {
      deps.logger.warn({ err: error }, 'health: queue check failed');
      return { ok: false };
    }
  }

  async function runChecks(): Promise<HealthResponse> {
    const [database, queue] = await Promise.all([checkDatabase(), checkQueue()]);
    return {
      status: database.ok && queue.ok ? 'ok' : 'degraded',
      database,
      queue,
      version: deps.version,
      uptimeSeconds: Math.max(0, Math.floor((now() - deps.startedAt) / 1000)),
    };
  }

  // Probes that arrive while a check is running share its answer (single flight): a burst of
  // health requests costs the database one round of checks, and no answer is older than it.
  let inFlight: Promise<HealthResponse> | null = null;
  return {
    check() {
      inFlight ??= runChecks().finally(() => {
        inFlight = null;
      });
      return inFlight;
    },
  };
}
