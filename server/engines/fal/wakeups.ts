/**
 * Runs waiting on fal requests, so a verified webhook can wake one at once instead of at its next
 * poll. Polling stays the source of truth: a webhook only says "look now". A webhook that reaches
 * a process where no run waits for that request (another worker process, a finished run) wakes
 * nobody, and that run finds the result at its next poll.
 */
export interface Watch {
  /**
   * Resolves after `ms`, when the request is notified, or at once if it was notified since the
   * last wait. Rejects with the signal's reason when it aborts.
   */
  wait(ms: number, signal: AbortSignal): Promise<void>;
  /** Stops watching (call when the run is done with the request). */
  close(): void;
}

export class Wakeups {
  readonly #watches = new Map<string, { notified: boolean; wake: (() => void) | null }>();

  watch(requestId: string): Watch {
    const entry = { notified: false, wake: null as (() => void) | null };
    this.#watches.set(requestId, entry);
    return {
      wait: (ms, signal) =>
        new Promise<void>((resolve, reject) => {
          if (signal.aborted) {
            reject(signal.reason);
            return;
          }
          if (entry.notified) {
            entry.notified = false;
            resolve();
            return;
          }
          const done = (): void => {
            clearTimeout(timer);
            signal.removeEventListener('abort', onAbort);
            entry.wake = null;
          };
          const onAbort = (): void => {
            done();
            reject(signal.reason);
          };
          const timer = setTimeout(() => {
            done();
            resolve();
          }, ms);
          entry.wake = () => {
            done();
            resolve();
          };
          signal.addEventListener('abort', onAbort, { once: true });
        }),
      close: () => {
        if (this.#watches.get(requestId) === entry) this.#watches.delete(requestId);
      },
    };
  }

  /** Wakes the run watching `requestId`; false when none here does. */
  notify(requestId: string): boolean {
    const entry = this.#watches.get(requestId);
    if (!entry) return false;
    if (entry.wake) entry.wake();
    else entry.notified = true;
    return true;
  }
}
