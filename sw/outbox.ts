/// <reference lib="webworker" />
import { JOBS_SYNC_TAG } from '../src/kernel/job-protocol.ts';
import { watchJob } from '../src/kernel/job-watch.ts';
import { createOutboxSender } from '../src/kernel/outbox-sender.ts';
import { OUTBOX_SYNC_TAG } from '../src/kernel/outbox-entries.ts';
import { outboxStore } from '../src/kernel/outbox-store.ts';
import { readSessionSnapshot } from '../src/kernel/session-store.ts';

declare const self: ServiceWorkerGlobalScope;

/**
 * The upload outbox in the service worker (docs/product-rules.md#upload-outbox): on the Background Sync the page registers
 * when it queues a file or a generation (tag `atelier-outbox`), send the outbox with the
 * session's token from IndexedDB, also with every tab closed. The browser fires the sync once
 * it believes the network is there; when the run still finds no network (or a server not
 * answering), the event's promise rejects, so the browser tries again later, with its own
 * back-off. The page sends on start-up and on `online` as well; the Web Lock keeps the two
 * apart and the Idempotency-Keys make any replay harmless.
 */

/** Background-sync events; not in TypeScript's webworker lib yet. */
interface SyncEvent extends ExtendableEvent {
  readonly tag: string;
}
interface SyncRegistration {
  sync?: { register(tag: string): Promise<void> };
}

export function registerOutbox(): void {
  const sender = createOutboxSender({
    store: outboxStore(),
    auth: readSessionSnapshot,
    async onSubmitted(submit, job) {
      await watchJob({ id: job.id, userId: submit.userId, feature: job.feature, locale: submit.locale === 'en' ? 'en' : 'vi' });
      // The job tracker (sw/jobs.ts) polls its watch list on its own sync: wake it for this job.
      await (self.registration as ServiceWorkerRegistration & SyncRegistration).sync?.register(JOBS_SYNC_TAG).catch(() => undefined);
    },
  });

  self.addEventListener('sync' as keyof ServiceWorkerGlobalScopeEventMap, (event) => {
    const sync = event as unknown as SyncEvent;
    if (sync.tag !== OUTBOX_SYNC_TAG) return;
    sync.waitUntil(
      (async () => {
        const report = await sender.flush();
        // Rejecting asks the browser for another sync later; a signed-out outbox waits for a page instead.
        if (report.stopped === 'offline' || report.stopped === 'server') throw new Error(`Outbox not sent yet (${report.stopped})`);
      })(),
    );
  });
}
