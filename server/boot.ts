/**
 * Boot and stop of a server process, shared by the web server (server/lifecycle.ts) and the
 * worker-only process (server/worker.ts).
 *
 * `boot()`: configuration → signing key → database → migrations → the blog's content files (web
 * server only) → (the caller's step: the web server loads its static build) → the database's
 * notifications (Postgres) → queue → media, engines and generations (workers and recovery). A configuration mistake exits 1 with its
 * one-line message; any other failure logs it, releases what was started, and exits 1.
 * `stopCore()`: generations get what is left of the shutdown time (the rest go back to the
 * queue), then the queue stops and the database closes.
 * `installShutdown()`: one graceful shutdown on SIGTERM or SIGINT, under a watchdog; a second
 * signal during shutdown exits at once with status 1.
 */
import path from 'node:path';
import type { EngineName } from '../src/contract/generations.ts';
import { createBilling, type Billing } from './billing/index.ts';
import { loadSigningKey } from './auth/secrets.ts';
import { ConfigError, loadConfig, type Config } from './config.ts';
import { openDatabase, type Database } from './db/connection.ts';
import { migrate } from './db/migrate.ts';
import { startNotifications, type Notifications } from './db/notifications.ts';
import { loadBlogContent } from './blog/index.ts';
import { createEngineRegistry } from './engines/index.ts';
import type { Engine } from './engines/types.ts';
import { createGenerations, type Generations, type GenerationsTuning } from './generations/index.ts';
import { v1Generation } from './public-api/generations-service.ts';
import { createWebhooks, type Webhooks } from './public-api/webhooks/index.ts';
import { createLogger, type Logger } from './logger.ts';
import { createMedia, type Media } from './media/index.ts';
import { startQueue, type Queue } from './queue/index.ts';
import { serverVersion } from './version.ts';

export interface BootOptions {
  env?: Readonly<Record<string, string | undefined>>;
  /** Test-only engines in place of the real ones (see EngineRegistryOptions.overrides). */
  engines?: Partial<Record<EngineName, Engine>>;
  /** Test-only limits of the generations area (see GenerationsTuning). */
  generationsTuning?: GenerationsTuning;
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
  readonly media: Media;
  readonly generations: Generations;
  /** Plans, credits and payments; its scheduled work runs on this process's workers. */
  readonly billing: Billing;
  /** The public API's webhook deliveries (relay and worker; docs/product-rules.md#api-webhooks). */
  readonly webhooks: Webhooks;
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
  generations?: Generations;
  webhooks?: Webhooks;
}

async function failStartup(role: Core['role'], logger: Logger, started: Started, error: unknown): Promise<never> {
  logger.fatal({ err: error }, `${role === 'worker' ? 'worker start-up' : 'start-up'} failed: ${(error as Error).message}`);
  await started.generations?.stop(0).catch(() => undefined);
  await started.webhooks?.stop().catch(() => undefined);
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

  const started: Started = {};
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

    // The web server loads the blog's content files (idempotent; admins' edits are kept).
    if (role === 'server') await loadBlogContent({ database, logger, now: Date.now, publicUrl: config.publicUrl });

    await beforeQueue?.(config, logger);

    // Other processes' job changes, at once (Postgres: docs/architecture.md#scale-out).
    const notifications = database.driver === 'postgres' ? await startNotifications({ connectionString: database.connectionString, logger }) : null;
    started.notifications = notifications;

    const queue = await startQueue({ config, db: database, logger });
    started.queue = queue;
    logger.info({ workers: config.workers }, 'queue started');

    const media = createMedia({ config, database, logger, signingKey: signingKey.secret });
    const engines = createEngineRegistry(options.engines ? { config, logger, overrides: options.engines } : { config, logger });
    const generationsDeps: Parameters<typeof createGenerations>[0] = { database, notifications, queue, media: media.service, engines, logger, dataDir: config.dataDir };
    const generations = createGenerations(options.generationsTuning ? { ...generationsDeps, tuning: options.generationsTuning } : generationsDeps);
    started.generations = generations;
    await generations.start();
    logger.info({ workers: config.workers, engines: config.engines }, role === 'worker' ? 'worker ready' : 'generations started');

    const failed = (error: unknown) => failStartup(role, logger, started, error);
    const billing = createBilling({ config, database, logger, signingKey: signingKey.secret });
    await billing.startJobs(queue);
    const webhooks = createWebhooks({
      database,
      queue,
      logger,
      policy: { allowLocal: config.nodeEnv !== 'production' },
      // The job as GET /v1/generations/{id} answers it; null once it was deleted. The plan plays no part in a read.
      view: (userId, generationId) =>
        generations.service.get({ id: userId, plan: 'free' }, generationId).then(
          (generation) => v1Generation(generation, config.publicUrl),
          () => null,
        ),
    });
    started.webhooks = webhooks;
    await webhooks.start();
    return { role, config, logger, version, signingKey: signingKey.secret, database, notifications, queue, media, generations, billing, webhooks, failed };
  } catch (error) {
    return failStartup(role, logger, started, error);
  }
}

/**
 * Stops what boot started: running generations get until `deadline` (ms since the epoch) to
 * finish, the rest go back to the queue; then the queue stops and the database closes.
 */
export async function stopCore(core: Core, deadline: number): Promise<void> {
  const { logger } = core;
  logger.info('stopping generations');
  await core.generations.stop(Math.max(deadline - Date.now(), 0));
  logger.info('generations stopped');
  await core.webhooks.stop();

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
export function installShutdown(core: Pick<Core, 'config' | 'logger'>, run: (reason: string, deadline: number) => Promise<void>): (reason: string) => Promise<never> {
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
