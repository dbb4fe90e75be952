import * as v from 'valibot';
import { FEATURES } from '../../contract/tools.ts';
import type { GenerationRequest } from '../../contract/generations.schema.ts';

/**
 * A submit on its way, kept for this tab (sessionStorage) per account and per studio: written
 * before the POST leaves, cleared once the server answered. A reload while it travels (the
 * screen said "Sending request…") finds it on the next mount and sends it again with the same
 * Idempotency-Key: the server answers with the job the first POST created, without charging
 * again, and the studio follows that job instead of forgetting it.
 */
export interface PendingSubmit {
  key: string;
  request: GenerationRequest;
}

/**
 * Checked for its shape only: the request goes back exactly as it was first sent (a parse could
 * add defaults, and the server refuses a key whose request differs).
 */
const PendingSubmitSchema = v.object({ key: v.pipe(v.string(), v.minLength(1)), request: v.looseObject({ feature: v.picklist(FEATURES) }) });

/** sessionStorage key prefix: `<prefix><account>.<features>`. */
export const PENDING_SUBMIT_KEY_PREFIX = 'atelier.studio.submit.';

function storageKey(account: string, featureKey: string): string {
  return `${PENDING_SUBMIT_KEY_PREFIX}${account}.${featureKey}`;
}

/** Storage can be disabled or full (private mode, policies): then nothing is kept, as before. */
function attempt<T>(run: (store: Storage) => T, fallback: T): T {
  try {
    const store = globalThis.sessionStorage;
    return store ? run(store) : fallback;
  } catch {
    return fallback;
  }
}

export function readPendingSubmit(account: string, featureKey: string): PendingSubmit | null {
  return attempt((store) => {
    const raw = store.getItem(storageKey(account, featureKey));
    if (!raw) return null;
    const parsed = v.safeParse(PendingSubmitSchema, JSON.parse(raw));
    return parsed.success ? { key: parsed.output.key, request: parsed.output.request as GenerationRequest } : null;
  }, null);
}

export function writePendingSubmit(account: string, featureKey: string, pending: PendingSubmit): void {
  attempt((store) => store.setItem(storageKey(account, featureKey), JSON.stringify(pending)), undefined);
}

export function clearPendingSubmit(account: string, featureKey: string): void {
  attempt((store) => store.removeItem(storageKey(account, featureKey)), undefined);
}
