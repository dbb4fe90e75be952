/**
 * The generations area assembled: the API (`/api/generations`), the queue worker that runs the
 * engines, and the recovery passes that finish jobs whose worker died. The web server and the
 * worker-only process (server/worker.ts) both build it; only the web server mounts the routes.
 */
import path from 'node:path';
import { FEATURE_TIMEOUT_SECONDS } from '../../src/contract/generations.ts';
import type { Feature } from '../../src/contract/tools.ts';
import type { Guards } from '../auth/middleware.ts';
import type { Database } from '../db/connection.ts';
import type { Notifications } from '../db/notifications.ts';
import type { EngineRegistry } from '../engines/index.ts';
import { mountAt, type Area } from '../http/area.ts';
import type { Logger } from '../logger.ts';
import type { MediaService } from '../media/types.ts';
import type { Queue } from '../queue/index.ts';
import { followChanges } from './changes.ts';
import { createEngineDelays, type EngineDelays } from './engine-delays-repository.ts';
import { withEngineDelays } from './engine-delays.ts';
import { createGenerationEvents, notifyingRepository, type GenerationEvents } from './events.ts';
import { createGenerationJobs, type GenerationJob } from './jobs.ts';
import { createRecovery, type Recovery } from './recovery.ts';
import { createGenerationsRepository } from './repository.ts';
import { generationRoutes } from './routes.ts';
import { createRunner, type Runner } from './runner.ts';
import { createGenerationsService, type GenerationsService } from './service.ts';
import { createStreamLeases } from './stream-leases-repository.ts';

/** Run directories of the engines, under DATA_DIR. */
export const WORK_DIR = 'work';

/** Test knobs: shorter limits and faster recovery than production's. Production sets none. */
export interface GenerationsTuning {
  /** Time limit of a feature's runs, in ms (default FEATURE_TIMEOUT_SECONDS). */
  timeoutMs?: (feature: Feature) => number;
  /** First retry delay, in seconds (default RETRY_DELAY_SECONDS). */
  retryDelaySeconds?: number;
  staleAfterMs?: number;
  sweepIntervalMs?: number;
  queuedGraceMs?: number;
  claimLeaseMs?: number;
  /** How often the event streams' watcher polls, in ms (default EVENTS_POLL_INTERVAL_MS). */
  eventsPollIntervalMs?: number;
  /** Awaited between pg-boss handing a job over and the claim (see RunnerDeps.beforeClaim). */
  beforeClaim?: (job: GenerationJob) => Promise<void>;
}

export interface GenerationsDeps {
  database: Database;
  queue: Queue;
  media: MediaService;
  engines: EngineRegistry;
  logger: Logger;
  /** DATA_DIR: the engines' run directories go to `$DATA_DIR/work`. */
  dataDir: string;
  /**
   * The database's notifications (Postgres; null on PGlite): other processes' job changes reach
   * this one's event streams and workers at once (./changes.ts).
   */
  notifications?: Notifications | null;
  /** ms since the epoch. Defaults to Date.now. */
  now?: () => number;
  tuning?: GenerationsTuning;
}

export interface Generations {
  service: GenerationsService;
  runner: Runner;
  recovery: Recovery;
  /**
   * Per-account waits before the engine runs (POST /api/dev-tools/engine-delay), in the database
   * for every process's runs; none unless the dev tools set one.
   */
  engineDelays: EngineDelays;
  /** The job event streams of this process (GET /api/generations/events). */
  events: GenerationEvents;
  /**
   * Ends the open event streams: call when shutdown starts, before waiting for in-flight
   * requests (they give their slots back before `stop` resolves).
   */
  closeStreams(): void;
  /** The routes of `/api/generations` and the engines' own routes (fal's webhook). */
  routes(guards: Guards): Area;
  /**
   * Creates the queue, starts this process's workers (none when WORKERS=0) and the recovery
   * passes. Call before serving requests: a submit enqueues into the queue this creates.
   */
  start(): Promise<void>;
  /**
   * Stops fetching jobs and the recovery passes; runs in progress get `graceMs` to finish, then
   * go back to the queue for another worker or the next start.
   */
  stop(graceMs: number): Promise<void>;
}

const MS_PER_SECOND = 1_000;

export function createGenerations(deps: GenerationsDeps): Generations {
  const now = deps.now ?? Date.now;
  const logger = deps.logger.child({ area: 'generations' });
  const tuning = deps.tuning ?? {};
  const timeoutMs = tuning.timeoutMs ?? ((feature: Feature) => FEATURE_TIMEOUT_SECONDS[feature] * MS_PER_SECOND);
  const timeoutSeconds = (feature: Feature) => timeoutMs(feature) / MS_PER_SECOND;
  const stored = createGenerationsRepository(deps.database);
  const leases = createStreamLeases(deps.database.kysely);
  const events = createGenerationEvents({
    repository: stored,
    media: deps.media,
    logger,
    leases,
    now,
    ...(tuning.eventsPollIntervalMs === undefined ? {} : { pollIntervalMs: tuning.eventsPollIntervalMs }),
  });
  // Every write of this process's runs and requests wakes the event streams' watcher.
  const repository = notifyingRepository(stored, () => events.notify());
  const engineDelays = createEngineDelays(deps.database.kysely);
  const jobs = createGenerationJobs(deps.queue, deps.database, tuning.retryDelaySeconds === undefined ? {} : { retryDelaySeconds: tuning.retryDelaySeconds });
  const runner = createRunner({
    repository,
    media: deps.media,
    engines: withEngineDelays(deps.engines, engineDelays),
    logger,
    now,
    timeoutMs,
    workRoot: path.join(deps.dataDir, WORK_DIR),
    ...(tuning.beforeClaim ? { beforeClaim: tuning.beforeClaim } : {}),
  });
  // Stops following other processes' changes (set by start).
  let unfollow: (() => void) | undefined;
  const recoveryDeps: Parameters<typeof createRecovery>[0] = {
    repository,
    jobs,
    driver: deps.database.driver,
    logger,
    now,
    timeoutSeconds,
    discardStaged: (column) => deps.media.discardResults(deps.media.readStaged(column)),
  };
  if (tuning.staleAfterMs !== undefined) recoveryDeps.staleAfterMs = tuning.staleAfterMs;
  if (tuning.sweepIntervalMs !== undefined) recoveryDeps.sweepIntervalMs = tuning.sweepIntervalMs;
  if (tuning.queuedGraceMs !== undefined) recoveryDeps.queuedGraceMs = tuning.queuedGraceMs;
  if (tuning.claimLeaseMs !== undefined) recoveryDeps.claimLeaseMs = tuning.claimLeaseMs;
  const recovery = createRecovery(recoveryDeps);
  const service = createGenerationsService({
    repository,
    jobs,
    media: deps.media,
    engineFor: (feature) => deps.engines.nameFor(feature),
    planOf: (engine, request) => deps.engines.get(engine).plan?.(request) ?? null,
    abortLocalRun: (id) => runner.abort(id),
    timeoutSeconds,
    logger,
    now,
  });

  return {
    service,
    runner,
    recovery,
    engineDelays,
    events,
    closeStreams: () => void events.close(),
    routes: (guards) => [mountAt('/api/generations', generationRoutes({ service, guards, events })), ...deps.engines.routes()],
    async start() {
      await runner.cleanLeftovers();
      // PGlite's database is this process's alone: no stream a previous run left open is still open.
      if (deps.database.driver === 'pglite') await leases.clear();
      await jobs.start((job) => runner.run(job));
      unfollow = followChanges(deps.notifications ?? null, {
        changed: (userId) => events.changed(userId),
        queued: () => jobs.wake(),
        missed: () => {
          events.notify();
          jobs.wake();
        },
      });
      await recovery.start();
    },
    async stop(graceMs) {
      unfollow?.();
      await events.close();
      await recovery.stop();
      await jobs.stopFetching().catch((error: unknown) => logger.warn({ err: error }, 'could not stop fetching generation jobs'));
      await runner.stop(graceMs);
    },
  };
}
