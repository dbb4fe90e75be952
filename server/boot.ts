/**
 * Boot and stop of a server process, shared by the web server (server/lifecycle.ts) and the
 * worker-only process (server/worker.ts).
 *
 * `boot()`: configuration → signing key → database → migrations → what the web server's areas
 * load first (server/areas.ts `prepareServerAreas`; web server only) → (the caller's step: the web
 * server loads its static build) → the database's notifications (Postgres) → queue → the areas'
 * background jobs, in order (server/areas.ts `coreAreas`). A configuration mistake exits 1 with
 * its one-line message; any other failure logs it, releases what was started, and exits 1.
 * `stopCore()`: the areas' jobs stop in the same order, given what is left of the shutdown time
 * (running generations finish or go back to the queue), then the queue stops and the database closes.
 * `installShutdown()`: one graceful shutdown on SIGTERM or SIGINT, under a watchdog; a second
 * signal during shutdown exits at once with status 1.
 */
import path from 'node:path';
import { coreAreas, prepareServerAreas, type CoreAreaOptions, type CoreAreas } from './areas.ts';
import { loadSigningKey } from './platform/secrets.ts';
import { ConfigError, loadConfig, type Config } from './config.ts';
import { openDatabase, type Database } from './db/connection.ts';
import { migrate } from './db/migrate.ts';
import { startNotifications, type Notifications } from './db/notifications.ts';
import type { BackgroundJob } from './http/area.ts';
import { createLogger, type Logger } from './logger.ts';
import { startQueue, type Queue } from './queue/index.ts';
import { serverVersion } from './version.ts';

export interface BootOptions extends CoreAreaOptions {
  env?: Readonly<Record<string, string | undefined>>;
}

/** What boot started: the parts both processes share. */
export interface Core {
  readonly role: 'server' | 'worker';
  readonly config: Config;
  readonly logger: Logger;
  readonly version: string;
  /** The key access tokens and media links are signed with. */
  readonly signingKey: string;
  readonly database: Database;
  /** The database's notifications (Postgres only; null on PGlite). */
  readonly notifications: Notifications | null;
  readonly queue: Queue;
  /** The areas with background work (server/areas.ts), which the web server mounts too. */
  readonly areas: CoreAreas;
  /** Their jobs, started in this order; stopCore stops them in the same order. */
  readonly jobs: readonly BackgroundJob[];
  /** For a step after boot that failed: logs it, releases what was started, exits 1. */
  failed(error: unknown): Promise<never>;
}

/** Extra time the whole shutdown may take beyond SHUTDOWN_TIMEOUT_MS before a forced exit, in ms. */
const SHUTDOWN_WATCHDOG_GRACE_MS = 15_000;
/** pg-boss waits at least this long for running jobs when stopping, in ms (its own minimum). */
const MIN_QUEUE_STOP_MS = 1_000;

export function readConfig(env: Readonly<Record<string, string | undefined>>): Config {
  try {
    return loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) {
      // A configuration mistake is the operator's to fix: the message says what, a stack says nothing.
      process.stderr.write(`${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }
}

interface Started {
  database?: Database;
  notifications?: Notifications | null;
  queue?: Queue;
  /** The jobs started so far. */
  jobs: BackgroundJob[];
}

async function failStartup(role: Core['role'], logger: Logger, started: Started, error: unknown): Promise<never> {
  logger.fatal({ err: error }, `${role === 'worker' ? 'worker start-up' : 'start-up'} failed: ${(error as Error).message}`);
  for (const job of started.jobs) await job.stop(Date.now()).catch(() => undefined);
  await started.queue?.stop({ timeoutMs: MIN_QUEUE_STOP_MS }).catch(() => undefined);
  await started.notifications?.close().catch(() => undefined);
  await started.database?.close().catch(() => undefined);
  process.exit(1);
}

export async function boot(role: Core['role'], options: BootOptions, beforeQueue?: (config: Config, logger: Logger) => Promise<void>): Promise<Core> {
  const config = readConfig(options.env ?? process.env);
  const root = createLogger(config.logLevel);
  const logger = role === 'worker' ? root.child({ role: 'worker' }) : root;
  if (role === 'worker' && config.workers === 0) {
    process.stderr.write('WORKERS=0: a worker process with no workers would do nothing; set WORKERS to 1 or more.\n');
    process.exit(1);
  }
  const version = serverVersion();
  logger.info({ version, nodeEnv: config.nodeEnv, dataDir: config.dataDir }, role === 'worker' ? 'starting worker' : 'starting');

  const started: Started = { jobs: [] };
  try {
    const signingKey = await loadSigningKey({ jwtSecret: config.jwtSecret, dataDir: config.dataDir, logger });
    logger.info({ source: signingKey.source }, 'signing key loaded');

    const database = await openDatabase({ databaseUrl: config.databaseUrl, pgliteDataDir: path.join(config.dataDir, 'db'), logger });
    started.database = database;
    logger.info({ driver: database.driver }, 'database opened');

    const migrations = await migrate(database);
    logger.info({ applied: migrations.applied, alreadyApplied: migrations.skipped.length }, 'migrations done');
    if (migrations.unknownVersions.length > 0) {
      logger.warn({ versions: migrations.unknownVersions }, 'the database has migrations this code does not know (is it newer?)');
    }

    if (role === 'server') await prepareServerAreas({ config, logger, database });

    await beforeQueue?.(config, logger);

    // Other processes' job changes, at once (Postgres: docs/architecture.md#scale-out).
    const notifications = database.driver === 'postgres' ? await startNotifications({ connectionString: database.connectionString, logger }) : null;
    started.notifications = notifications;

    const queue = await startQueue({ config, db: database, logger });
    started.queue = queue;
    logger.info({ workers: config.workers }, 'queue started');

    const { areas, jobs } = coreAreas({ role, config, logger, signingKey: signingKey.secret, database, notifications, queue, options });
    for (const job of jobs) {
      // Stopped on a failure even when it failed half-started.
      started.jobs.push(job);
      await job.start();
    }
    const failed = (error: unknown) => failStartup(role, logger, started, error);
    return { role, config, logger, version, signingKey: signingKey.secret, database, notifications, queue, areas, jobs, failed };
  } catch (error) {
    return failStartup(role, logger, started, error);
  }
}

/**
 * Stops what boot started: the areas' jobs get until `deadline` (ms since the epoch) to finish
 * (running generations; the rest go back to the queue); then the queue stops and the database closes.
 */
export async function stopCore(core: Core, deadline: number): Promise<void> {
  const { logger } = core;
  for (const job of core.jobs) await job.stop(deadline);

  logger.info('stopping queue');
  await core.queue.stop({ timeoutMs: Math.max(deadline - Date.now(), MIN_QUEUE_STOP_MS) });
  logger.info('queue stopped');
  await core.notifications?.close();

  logger.info('closing database');
  await core.database.close();
  logger.info('database closed');
}

/**
 * The process's graceful shutdown: `run` gets the reason and the deadline (SHUTDOWN_TIMEOUT_MS
 * from now), then the process exits 0. It runs once (a second call answers the same promise);
 * a watchdog exits 1 if it takes SHUTDOWN_WATCHDOG_GRACE_MS longer than that. SIGTERM and SIGINT
 * call it (see onStopSignals).
 */
export function installShutdown(
  core: Pick<Core, 'config' | 'logger'>,
  run: (reason: string, deadline: number) => Promise<void>,
): (reason: string) => Promise<never> {
  const { config, logger } = core;
  let shuttingDown: Promise<never> | undefined;
  async function shutdown(reason: string): Promise<never> {
    const timeoutMs = config.shutdownTimeoutMs;
    setTimeout(() => {
      logger.error('shutdown is taking too long: exiting now');
      process.exit(1);
    }, timeoutMs + SHUTDOWN_WATCHDOG_GRACE_MS).unref();
    await run(reason, Date.now() + timeoutMs);
    logger.info('shutdown complete');
    process.exit(0);
  }
  const once = (reason: string): Promise<never> => (shuttingDown ??= shutdown(reason));
  onStopSignals(logger, once);
  return once;
}

/**
 * SIGTERM and SIGINT run `shutdown` once; a second signal while it runs exits at once with
 * status 1 (an operator who insists).
 */
export function onStopSignals(logger: Logger, shutdown: (reason: string) => Promise<never>): void {
  let stopping = false;
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    process.on(signal, () => {
      if (stopping) {
        logger.warn({ signal }, 'second signal during shutdown: exiting now');
        process.exit(1);
      }
      stopping = true;
      shutdown(signal).catch((error: unknown) => {
        logger.fatal({ err: error }, 'shutdown failed');
        process.exit(1);
      });
    });
  }
}
