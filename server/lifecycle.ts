/**
 * The server's life: start-up and graceful shutdown (the entry point, server/main.ts, only
 * calls `startServer()`; tests call it with test-only routes).
 *
 * Start-up: configuration → signing key → database → migrations → static build → queue → media,
 * engines and generations (workers and recovery) → HTTP.
 * Shutdown (SIGTERM, SIGINT): stop accepting connections, let in-flight requests finish (up to
 * SHUTDOWN_TIMEOUT_MS, then close what is left), let background work (mails) finish, let running
 * generations finish in what is left of that time (the rest go back to the queue), stop the
 * queue, close the database, exit 0.
 * A second signal during shutdown exits at once with status 1.
 */
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { serve } from '@hono/node-server';
import { createApp, type AppDeps } from './app.ts';
import { createBackgroundTasks, type BackgroundTasks } from './auth/background.ts';
import type { Accounts } from './auth/index.ts';
import { loadSigningKey } from './auth/secrets.ts';
import { ConfigError, loadConfig, type Config } from './config.ts';
import { openDatabase, type Database } from './db/connection.ts';
import { migrate } from './db/migrate.ts';
import { createEngineRegistry } from './engines/index.ts';
import type { Engine } from './engines/types.ts';
import { createGenerations, type Generations, type GenerationsTuning } from './generations/index.ts';
import { createLogger, type Logger } from './logger.ts';
import { OUTBOX_DIR } from './mail/transport.ts';
import { createMedia } from './media/index.ts';
import { startQueue, type Queue } from './queue/index.ts';
import { loadStaticBuild } from './static/build.ts';
import { serverVersion } from './version.ts';
import type { EngineName } from '../src/contract/generations.ts';

export interface StartServerOptions {
  env?: Readonly<Record<string, string | undefined>>;
  /** Test-only routes (see AppDeps.extraRoutes). */
  extraRoutes?: AppDeps['extraRoutes'];
  /** Test-only engines in place of the real ones (see EngineRegistryOptions.overrides). */
  engines?: Partial<Record<EngineName, Engine>>;
  /** Test-only limits of the generations area (see GenerationsTuning). */
  generationsTuning?: GenerationsTuning;
}

export interface RunningServer {
  readonly config: Config;
  readonly port: number;
  readonly url: string;
  /** Runs the graceful shutdown, then exits the process. */
  shutdown(reason: string): Promise<never>;
}

/** Extra time the whole shutdown may take beyond SHUTDOWN_TIMEOUT_MS before a forced exit, in ms. */
const SHUTDOWN_WATCHDOG_GRACE_MS = 15_000;
/** pg-boss waits at least this long for running jobs when stopping, in ms (its own minimum). */
const MIN_QUEUE_STOP_MS = 1_000;

/** The generations' dependencies, with the test-only tuning when given. */
export function withTuning(deps: Parameters<typeof createGenerations>[0], tuning: GenerationsTuning | undefined): Parameters<typeof createGenerations>[0] {
  return tuning ? { ...deps, tuning } : deps;
}

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

function browsableUrl(host: string, port: number): string {
  const shown = host === '0.0.0.0' || host === '::' ? 'localhost' : host.includes(':') ? `[${host}]` : host;
  return `http://${shown}:${port}`;
}

/** One human-readable line on the console (stderr: stdout carries the JSON log). */
const consoleLine = (line: string): void => {
  process.stderr.write(`${line}\n`);
};

/**
 * Says at start where the mails go when there is no SMTP server, and warns when the dev tools
 * (codes and credits without sign-in, to this machine only) are on: loudly in production, where
 * only DEV_TOOLS=force turns them on.
 */
function announceLocalTools(config: Config, logger: Logger, url: string): void {
  if (config.smtpUrl === null) {
    const outbox = path.join(config.dataDir, OUTBOX_DIR);
    const where = `${url}/dev-tools`;
    logger.info({ outbox, page: where }, 'no SMTP_URL: mails go to the outbox; each is printed on this console and listed on /dev-tools (from this machine only)');
    if (logger.isLevelEnabled('info')) {
      consoleLine(`No SMTP_URL: verification codes and reset links are printed here and listed at ${where} (open it on this machine).`);
    }
  }
  if (!config.devTools) return;
  if (config.nodeEnv === 'production') {
    const text = 'DEV_TOOLS=force: the dev tools are ON in production. /api/dev-tools reads every mail and grants credits without sign-in (to requests made on this machine only). Unset DEV_TOOLS unless this is a test server.';
    logger.error({ devTools: 'force' }, text);
    consoleLine(`WARNING: ${text}`);
    return;
  }
  const text = 'DEV_TOOLS=1: the dev tools are on. /api/dev-tools reads every mail and grants credits without sign-in, to requests made on this machine only.';
  logger.warn({ devTools: true }, text);
  consoleLine(`Warning: ${text}`);
}

/** Counts requests whose response has not been sent, so shutdown knows when they are done. */
function trackInFlight(server: Server, onIdle: () => void): () => number {
  let inFlight = 0;
  server.on('request', (_request: IncomingMessage, response: ServerResponse) => {
    inFlight += 1;
    response.once('close', () => {
      inFlight -= 1;
      if (inFlight === 0) onIdle();
    });
  });
  return () => inFlight;
}

async function listen(deps: AppDeps, config: Config): Promise<{ server: Server; port: number }> {
  const app = createApp(deps);
  return new Promise((resolve, reject) => {
    const server = serve({ fetch: app.fetch, port: config.port, hostname: config.host }, (info: AddressInfo) =>
      resolve({ server, port: info.port }),
    ) as Server;
    server.once('error', reject);
  });
}

export async function startServer(options: StartServerOptions = {}): Promise<RunningServer> {
  const config = readConfig(options.env ?? process.env);
  const logger = createLogger(config.logLevel);
  const version = serverVersion();
  logger.info({ version, nodeEnv: config.nodeEnv, dataDir: config.dataDir }, 'starting');

  let database: Database | undefined;
  let queue: Queue | undefined;
  let generations: Generations | undefined;
  try {
    const signingKey = await loadSigningKey({ jwtSecret: config.jwtSecret, dataDir: config.dataDir, logger });
    logger.info({ source: signingKey.source }, 'signing key loaded');

    database = await openDatabase({ databaseUrl: config.databaseUrl, pgliteDataDir: path.join(config.dataDir, 'db'), logger });
    logger.info({ driver: database.driver }, 'database opened');

    const migrations = await migrate(database);
    logger.info({ applied: migrations.applied, alreadyApplied: migrations.skipped.length }, 'migrations done');
    if (migrations.unknownVersions.length > 0) {
      logger.warn({ versions: migrations.unknownVersions }, 'the database has migrations this code does not know (is it newer?)');
    }

    const staticBuild = await loadStaticBuild(config.staticDir);
    if (staticBuild) {
      logger.info({ dir: config.staticDir, files: staticBuild.files.size, inlineScripts: staticBuild.scriptHashes.length }, 'static build loaded');
      for (const warning of staticBuild.warnings) logger.warn({ dir: config.staticDir }, warning);
    } else {
      logger.warn({ dir: config.staticDir }, 'no build found: the API works, pages answer 503 until `npm run build`');
    }

    queue = await startQueue({ config, db: database, logger });
    logger.info({ workers: config.workers }, 'queue started');

    const media = createMedia({ config, database, logger, signingKey: signingKey.secret });
    const engines = createEngineRegistry(options.engines ? { config, logger, overrides: options.engines } : { config, logger });
    generations = createGenerations(withTuning({ database, queue, media: media.service, engines, logger, dataDir: config.dataDir }, options.generationsTuning));
    await generations.start();
    logger.info({ engines: config.engines }, 'generations started');

    const startedAt = Date.now();
    const tasks = createBackgroundTasks(logger);
    let accounts: Accounts | undefined;
    const deps: AppDeps = {
      config,
      logger,
      database,
      queue,
      staticBuild,
      version,
      startedAt,
      signingKey: signingKey.secret,
      tasks,
      media,
      generations,
      onAccounts: (assembled) => {
        accounts = assembled;
      },
    };
    if (options.extraRoutes) deps.extraRoutes = options.extraRoutes;
    const { server, port } = await listen(deps, config);
    const url = browsableUrl(config.host, port);
    logger.info({ url, host: config.host, port }, 'listening');
    announceLocalTools(config, logger, url);

    const running = installShutdown({ config, logger, server, queue, database, generations, port, url, tasks, closeAccounts: () => accounts?.close() ?? Promise.resolve() });
    return running;
  } catch (error) {
    logger.fatal({ err: error }, `start-up failed: ${(error as Error).message}`);
    await generations?.stop(0).catch(() => undefined);
    await queue?.stop({ timeoutMs: MIN_QUEUE_STOP_MS }).catch(() => undefined);
    await database?.close().catch(() => undefined);
    process.exit(1);
  }
}

interface ShutdownDeps {
  config: Config;
  logger: Logger;
  server: Server;
  queue: Queue;
  database: Database;
  generations: Generations;
  port: number;
  url: string;
  tasks: BackgroundTasks;
  closeAccounts: () => Promise<void>;
}

function installShutdown({ config, logger, server, queue, database, generations, port, url, tasks, closeAccounts }: ShutdownDeps): RunningServer {
  let closing = false;
  // Once closing, a connection whose last response went out is idle: close it rather than wait
  // for its keep-alive timeout.
  const inFlight = trackInFlight(server, () => {
    if (closing) server.closeIdleConnections();
  });
  let shuttingDown: Promise<never> | undefined;

  async function run(reason: string): Promise<never> {
    const timeoutMs = config.shutdownTimeoutMs;
    setTimeout(() => {
      logger.error('shutdown is taking too long: exiting now');
      process.exit(1);
    }, timeoutMs + SHUTDOWN_WATCHDOG_GRACE_MS).unref();

    const deadline = Date.now() + timeoutMs;
    logger.info({ reason, inFlight: inFlight(), timeoutMs }, 'shutting down: no longer accepting connections');
    closing = true;
    // Event streams stay open until told: end them, or they would hold the close until the timeout.
    generations.closeStreams();
    const httpClosed = new Promise<void>((resolve) => server.close(() => resolve()));
    if (inFlight() === 0) server.closeIdleConnections();
    let timer: NodeJS.Timeout | undefined;
    const timedOut = await Promise.race([
      httpClosed.then(() => false),
      new Promise<boolean>((resolve) => {
        timer = setTimeout(() => resolve(true), timeoutMs);
      }),
    ]);
    clearTimeout(timer);
    if (timedOut) {
      logger.warn({ inFlight: inFlight() }, 'in-flight requests did not finish in time: closing their connections');
      server.closeAllConnections();
      await httpClosed;
    }
    logger.info('http server closed');

    // Mails accepted before the signal still go out (they use the database).
    await tasks.settle();
    await closeAccounts();
    logger.info('background work finished');

    // Runs get what is left of the shutdown time; the rest go back to the queue.
    logger.info('stopping generations');
    await generations.stop(Math.max(deadline - Date.now(), 0));
    logger.info('generations stopped');

    logger.info('stopping queue');
    await queue.stop({ timeoutMs: Math.max(deadline - Date.now(), MIN_QUEUE_STOP_MS) });
    logger.info('queue stopped');

    logger.info('closing database');
    await database.close();
    logger.info('database closed');

    logger.info('shutdown complete');
    process.exit(0);
  }

  const shutdown = (reason: string): Promise<never> => (shuttingDown ??= run(reason));
  onStopSignals(logger, shutdown);

  return { config, port, url, shutdown };
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
