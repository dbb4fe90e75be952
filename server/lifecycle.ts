/**
 * The server's life: start-up and graceful shutdown (the entry point, server/main.ts, only
 * calls `startServer()`; tests call it with test-only routes).
 *
 * Start-up (server/boot.ts, shared with the worker): configuration → signing key → database →
 * migrations → static build → queue → media, engines and generations (workers and recovery) →
 * HTTP.
 * Shutdown (SIGTERM, SIGINT): stop accepting connections, let in-flight requests finish (up to
 * SHUTDOWN_TIMEOUT_MS, then close what is left), let background work (mails) finish, write the /v1
 * usage buffered in memory, let running generations finish in what is left of that time (the rest
 * go back to the queue), stop the queue, close the database, exit 0.
 * A second signal during shutdown exits at once with status 1.
 */
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { serve } from '@hono/node-server';
import { createApp, type AppDeps } from './app.ts';
import { createBackgroundTasks, type BackgroundTasks } from './platform/background.ts';
import type { Accounts } from './auth/index.ts';
import type { PublicApi } from './public-api/index.ts';
import { boot, installShutdown, stopCore, type BootOptions, type Core } from './boot.ts';
import type { Config } from './config.ts';
import type { Logger } from './logger.ts';
import { OUTBOX_DIR } from './mail/transport.ts';
import { loadStaticBuild, type StaticBuild } from './static/build.ts';
import { loadBlogBundle, type BlogBundle } from './blog/pages.ts';

export interface StartServerOptions extends BootOptions {
  /** Test-only routes (see AppDeps.extraRoutes). */
  extraRoutes?: AppDeps['extraRoutes'];
}

export interface RunningServer {
  readonly config: Config;
  readonly port: number;
  readonly url: string;
  /** Runs the graceful shutdown, then exits the process. */
  shutdown(reason: string): Promise<never>;
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
    logger.info(
      { outbox, page: where },
      'no SMTP_URL: mails go to the outbox; each is printed on this console and listed on /dev-tools (from this machine only)',
    );
    if (logger.isLevelEnabled('info')) {
      consoleLine(`No SMTP_URL: verification codes and reset links are printed here and listed at ${where} (open it on this machine).`);
    }
  }
  if (!config.devTools) return;
  if (config.nodeEnv === 'production') {
    const text =
      'DEV_TOOLS=force: the dev tools are ON in production. /api/dev-tools reads every mail and grants credits without sign-in (to requests made on this machine only). Unset DEV_TOOLS unless this is a test server.';
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
    const server = serve({ fetch: app.fetch, port: config.port, hostname: config.host }, (info: AddressInfo) => resolve({ server, port: info.port })) as Server;
    // An idle keep-alive connection stays open 65 s, not Node's 5 s. A client or a proxy in front
    // (their idle timeouts are commonly 60 s) that sends on a connection just as the server closes
    // it gets a reset instead of an answer (an e2e test's request once did); with the server the
    // last to close, that cannot happen. Headers must still arrive within the same bound.
    server.keepAliveTimeout = 65_000;
    server.headersTimeout = 66_000;
    server.once('error', reject);
  });
}

/** Loads the PWA build of STATIC_DIR (null when there is none: the API works, pages answer 503). */
async function readStaticBuild(config: Config, logger: Logger): Promise<StaticBuild | null> {
  const staticBuild = await loadStaticBuild(config.staticDir);
  if (staticBuild) {
    logger.info({ dir: config.staticDir, files: staticBuild.files.size, inlineScripts: staticBuild.scriptHashes.length }, 'static build loaded');
    for (const warning of staticBuild.warnings) logger.warn({ dir: config.staticDir }, warning);
  } else {
    logger.warn({ dir: config.staticDir }, 'no build found: the API works, pages answer 503 until `npm run build`');
  }
  return staticBuild;
}

export async function startServer(options: StartServerOptions = {}): Promise<RunningServer> {
  let staticBuild: StaticBuild | null = null;
  let blogBundle: BlogBundle | null = null;
  const core = await boot('server', options, async (config, logger) => {
    staticBuild = await readStaticBuild(config, logger);
    blogBundle = await loadBlogBundle(config.staticDir);
    if (staticBuild && !blogBundle) logger.warn({ dir: config.staticDir }, 'the build has no blog renderer: blog pages answer 503 until `npm run build`');
  });
  const { config, logger } = core;
  try {
    const tasks = createBackgroundTasks(logger);
    let accounts: Accounts | undefined;
    let publicApi: PublicApi | undefined;
    const deps: AppDeps = {
      config,
      logger,
      database: core.database,
      queue: core.queue,
      staticBuild,
      blogBundle,
      version: core.version,
      startedAt: Date.now(),
      signingKey: core.signingKey,
      tasks,
      media: core.areas.media,
      generations: core.areas.generations,
      billing: core.areas.billing,
      onAccounts: (assembled) => {
        accounts = assembled;
      },
      onPublicApi: (assembled) => {
        publicApi = assembled;
      },
    };
    if (options.extraRoutes) deps.extraRoutes = options.extraRoutes;
    const { server, port } = await listen(deps, config);
    const url = browsableUrl(config.host, port);
    logger.info({ url, host: config.host, port }, 'listening');
    announceLocalTools(config, logger, url);

    return installServerShutdown({
      core,
      server,
      port,
      url,
      tasks,
      closeAreas: async () => {
        await accounts?.close();
        // The /v1 usage buffered in memory is written before the database closes.
        await publicApi?.close();
      },
    });
  } catch (error) {
    return core.failed(error);
  }
}

interface ShutdownDeps {
  core: Core;
  server: Server;
  port: number;
  url: string;
  tasks: BackgroundTasks;
  /** Closes what the areas keep open (the accounts' timers, the /v1 usage buffer, which it writes). */
  closeAreas: () => Promise<void>;
}

function installServerShutdown({ core, server, port, url, tasks, closeAreas }: ShutdownDeps): RunningServer {
  const { config, logger } = core;
  const { generations } = core.areas;
  let closing = false;
  // Once closing, a connection whose last response went out is idle: close it rather than wait
  // for its keep-alive timeout.
  const inFlight = trackInFlight(server, () => {
    if (closing) server.closeIdleConnections();
  });

  const shutdown = installShutdown(core, async (reason, deadline) => {
    const timeoutMs = config.shutdownTimeoutMs;
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
    await closeAreas();
    logger.info('background work finished');

    // Runs get what is left of the shutdown time; the rest go back to the queue.
    await stopCore(core, deadline);
  });

  return { config, port, url, shutdown };
}
