/**
 * The worker-only process: `npm run worker` (`node server/worker.ts`). It runs the generation
 * jobs (WORKERS at a time) and the recovery passes, with no HTTP server: start as many as needed,
 * on any host that reaches the same Postgres (DATABASE_URL) and media storage (S3_* or a shared
 * DATA_DIR), next to web processes started with WORKERS=0. It needs the web server's signing key
 * (the same JWT_SECRET, or the same DATA_DIR) because media links handed to engines are signed
 * with it.
 *
 * Start-up: see server/boot.ts (configuration → signing key → database → migrations → queue →
 * media, engines and generations). Shutdown (SIGTERM, SIGINT): stop fetching jobs, let running
 * ones finish for up to SHUTDOWN_TIMEOUT_MS (the rest go back to the queue), stop the queue,
 * close the database, exit 0. A second signal exits at once with status 1.
 */
import { boot, installShutdown, stopCore, type BootOptions } from './boot.ts';
import type { Config } from './config.ts';

export type StartWorkerOptions = BootOptions;

export interface RunningWorker {
  readonly config: Config;
  /** Runs the graceful shutdown, then exits the process. */
  shutdown(reason: string): Promise<never>;
}

export async function startWorker(options: StartWorkerOptions = {}): Promise<RunningWorker> {
  const core = await boot('worker', options);
  const shutdown = installShutdown(core, async (reason, deadline) => {
    core.logger.info({ reason, timeoutMs: core.config.shutdownTimeoutMs }, 'worker shutting down');
    await stopCore(core, deadline);
  });
  return { config: core.config, shutdown };
}

if (import.meta.main) await startWorker();
