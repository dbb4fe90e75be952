/**
 * Work done after the answer has gone out (e.g. a reset mail, so that forgot-password answers in
 * the same time whether or not the account exists). Failures are logged, never thrown at anyone;
 * shutdown waits for what is running (`settle()`), and so do tests.
 */
import type { Logger } from '../logger.ts';

export interface BackgroundTasks {
  run(name: string, task: () => Promise<unknown>): void;
  /** Resolves when every task started so far (and any they started) has finished. */
  settle(): Promise<void>;
}

export function createBackgroundTasks(logger: Logger): BackgroundTasks {
  const running = new Set<Promise<unknown>>();
  return {
    run(name, task) {
      const promise = Promise.resolve()
        .then(task)
        .catch((error: unknown) => logger.error({ err: error, task: name }, 'background task failed'))
        .finally(() => running.delete(promise));
      running.add(promise);
    },
    async settle() {
      while (running.size > 0) await Promise.all(running);
    },
  };
}
