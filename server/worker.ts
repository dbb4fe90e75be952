/**
 * The worker-only process: `npm run worker` (`node server/worker.ts`). It runs the generation
 * jobs (WORKERS at a time) and the recovery passes, with no HTTP server: start as many as needed,
 * on any host that reaches the same Postgres (DATABASE_URL) and media storage (S3_* or a shared
 * DATA_DIR), next to web processes started with WORKERS=0. It needs the web server's signing key
 * (the same JWT_SECRET, or the same DATA_DIR) because media links handed to engines are signed
 * with it.
 *
 * Start-up: configuration → signing key → database → migrations → queue → media, engines and
 * generations. Shutdown (SIGTERM, SIGINT): stop fetching jobs, let running ones finish for up to
 * SHUTDOWN_TIMEOUT_MS (the rest go back to the queue), stop the queue, close the database, exit 0.
 * A second signal exits at once with status 1.
 */
import path from 'node:path';
import type { EngineName } from '../src/contract/generations.ts';
import { loadSigningKey } from './auth/secrets.ts';
import type { Config } from './config.ts';
import { openDatabase, type Database } from './db/connection.ts';
import { migrate } from './db/migrate.ts';
import { createEngineRegistry } from './engines/index.ts';
import type { Engine } from './engines/types.ts';
import { createGenerations, type Generations, type GenerationsTuning } from './generations/index.ts';
import { onStopSignals, readConfig, withTuning } from './lifecycle.ts';
import { createLogger } from './logger.ts';
import { createMedia } from './media/index.ts';
import { startQueue, type Queue } from './queue/index.ts';
import { serverVersion } from './version.ts';

export interface StartWorkerOptions {
  env?: Readonly<Record<string, string | undefined>>;
  /** Test-only engines in place of the real ones (see EngineRegistryOptions.overrides). */
  engines?: Partial<Record<EngineName, Engine>>;
  /** Test-only limits of the generations area (see GenerationsTuning). */
  generationsTuning?: GenerationsTuning;
}

export interface RunningWorker {
  readonly config: Config;
  /** Runs the graceful shutdown, then exits the process. */
  shutdown(reason: string): Promise<never>;
}

/** Extra time the whole shutdown may take beyond SHUTDOWN_TIMEOUT_MS before a forced exit, in ms. */
const SHUTDOWN_WATCHDOG_GRACE_MS = 15_000;
/** pg-boss waits at least this long for running jobs when stopping, in ms (its own minimum). */
const MIN_QUEUE_STOP_MS = 1_000;

export async function startWorker(options: StartWorkerOptions = {}): Promise<RunningWorker> {
  const config = readConfig(options.env ?? process.env);
  const logger = createLogger(config.logLevel).child({ role: 'worker' });
  if (config.workers === 0) {
    process.stderr.write('WORKERS=0: a worker process with no workers would do nothing; set WORKERS to 1 or more.\n');
    process.exit(1);
  }
  logger.info({ version: serverVersion(), nodeEnv: config.nodeEnv, dataDir: config.dataDir }, 'starting worker');

  let database: Database | undefined;
  let queue: Queue | undefined;
  let generations: Generations | undefined;
  try {
    const signingKey = await loadSigningKey({ jwtSecret: config.jwtSecret, dataDir: config.dataDir, logger });
    database = await openDatabase({ databaseUrl: config.databaseUrl, pgliteDataDir: path.join(config.dataDir, 'db'), logger });
    logger.info({ driver: database.driver }, 'database opened');
    const migrations = await migrate(database);
    logger.info({ applied: migrations.applied, alreadyApplied: migrations.skipped.length }, 'migrations done');

    queue = await startQueue({ config, db: database, logger });
    const media = createMedia({ config, database, logger, signingKey: signingKey.secret });
    const engines = createEngineRegistry(options.engines ? { config, logger, overrides: options.engines } : { config, logger });
    generations = createGenerations(withTuning({ database, queue, media: media.service, engines, logger, dataDir: config.dataDir }, options.generationsTuning));
    await generations.start();
    logger.info({ workers: config.workers, engines: config.engines }, 'worker ready');
  } catch (error) {
    logger.fatal({ err: error }, `worker start-up failed: ${(error as Error).message}`);
    await generations?.stop(0).catch(() => undefined);
    await queue?.stop({ timeoutMs: MIN_QUEUE_STOP_MS }).catch(() => undefined);
    await database?.close().catch(() => undefined);
    process.exit(1);
  }

  const running = { queue, database, generations };
  let shuttingDown: Promise<never> | undefined;
  async function run(reason: string): Promise<never> {
    setTimeout(() => {
      logger.error('shutdown is taking too long: exiting now');
      process.exit(1);
    }, config.shutdownTimeoutMs + SHUTDOWN_WATCHDOG_GRACE_MS).unref();
    logger.info({ reason, timeoutMs: config.shutdownTimeoutMs }, 'worker shutting down');
    await running.generations.stop(config.shutdownTimeoutMs);
    await running.queue.stop({ timeoutMs: MIN_QUEUE_STOP_MS });
    await running.database.close();
    logger.info('shutdown complete');
    process.exit(0);
  }
  const shutdown = (reason: string): Promise<never> => (shuttingDown ??= run(reason));
  onStopSignals(logger, shutdown);
  return { config, shutdown };
}

if (import.meta.main) await startWorker();
