/**
 * The Idempotency-Key of POST /v1/generations, kept IDEMPOTENCY_TTL_HOURS (docs/product-rules.md#api-idempotency).
 *
 * A request with a key first claims it: one INSERT … ON CONFLICT of `api_idempotency (user_id,
 * key)` that writes the claim (no generation yet), or takes over the row when it has expired
 * (older than the TTL) or was abandoned (no job recorded after ABANDONED_CLAIM_MS: its process
 * died or stalled between the claim and the submit). Only one request can win a claim, on
 * Postgres (the conflicting row is locked, and the takeover's WHERE is checked again on the row
 * the winner wrote) as on PGlite (one connection). The job is recorded on the claim inside the
 * submit's own transaction (`complete`), so a job exists exactly when its claim names it; a
 * submit that fails gives the claim back (`release`), and a retry can succeed.
 *
 * A request that loses finds the row: another request's body (a different hash) → mismatch; no
 * job yet → in progress; else the job it created.
 *
 * Times are the server's clock (`now`, moved by tests), not the database's: the claim's
 * `created_at` is also what tells this claim from a later one on the same key.
 */
import type { Kysely, Transaction } from 'kysely';
import { IDEMPOTENCY_TTL_HOURS } from '../../src/contract/public-api.ts';
import type { Tables } from '../db/schema.ts';

const MS_PER_HOUR = 60 * 60 * 1_000;
/** How long a key is remembered, in ms. */
export const IDEMPOTENCY_TTL_MS = IDEMPOTENCY_TTL_HOURS * MS_PER_HOUR;
/**
 * A claim without a job older than this is abandoned and may be taken over, in ms. A submit takes
 * well under a second (a few statements in one transaction); a minute leaves room for a slow
 * database without blocking a retry for the key's whole 24 h.
 */
export const ABANDONED_CLAIM_MS = 60 * 1_000;

/** A key this request holds. */
export interface Claim {
  userId: string;
  key: string;
  /** The claim's created_at: tells it from a later claim of the same key. */
  claimedAt: Date;
}

export type ClaimOutcome =
  | { kind: 'claimed'; claim: Claim }
  /** The key's request, finished: its job. */
  | { kind: 'done'; generationId: string }
  /** The key's first request is still being created. */
  | { kind: 'inProgress' }
  /** The key was used with another request. */
  | { kind: 'mismatch' };

export interface V1Idempotency {
  claim(userId: string, key: string, requestHash: string): Promise<ClaimOutcome>;
  /** Records the job on the claim, in the submit's transaction; false when the claim was taken over meanwhile. */
  complete(trx: Transaction<Tables>, claim: Claim, generationId: string): Promise<boolean>;
  /** Gives the claim back after a submit that created nothing. */
  release(claim: Claim): Promise<void>;
}

/** A claim that vanished between the insert and the read (released at that moment) is tried again this many times. */
const CLAIM_ATTEMPTS = 3;

export function createV1Idempotency(db: Kysely<Tables>, now: () => number): V1Idempotency {
  return {
    async claim(userId, key, requestHash) {
      for (let attempt = 0; attempt < CLAIM_ATTEMPTS; attempt += 1) {
        const at = new Date(now());
        const expired = new Date(at.getTime() - IDEMPOTENCY_TTL_MS);
        const abandoned = new Date(at.getTime() - ABANDONED_CLAIM_MS);
        const won = await db
          .insertInto('api_idempotency')
          .values({ user_id: userId, key, request_hash: requestHash, generation_id: null, created_at: at })
          .onConflict((conflict) =>
            conflict
              .columns(['user_id', 'key'])
              .doUpdateSet({ request_hash: requestHash, generation_id: null, created_at: at })
              .where((eb) =>
                eb.or([
                  eb('api_idempotency.created_at', '<=', expired),
                  eb.and([eb('api_idempotency.generation_id', 'is', null), eb('api_idempotency.created_at', '<=', abandoned)]),
                ]),
              ),
          )
          .returning('created_at')
          .executeTakeFirst();
        if (won) {
          // The account's other expired keys go now: nothing else reads them.
          await db.deleteFrom('api_idempotency').where('user_id', '=', userId).where('created_at', '<=', expired).execute();
          return { kind: 'claimed', claim: { userId, key, claimedAt: at } };
        }
        const held = await db
          .selectFrom('api_idempotency')
          .select(['request_hash', 'generation_id'])
          .where('user_id', '=', userId)
          .where('key', '=', key)
          .executeTakeFirst();
        if (!held) continue;
        if (held.request_hash !== requestHash) return { kind: 'mismatch' };
        return held.generation_id === null ? { kind: 'inProgress' } : { kind: 'done', generationId: held.generation_id };
      }
      // Claimed and released over and over by other requests of the same key: one is still at it.
      return { kind: 'inProgress' };
    },

    async complete(trx, claim, generationId) {
      const updated = await trx
        .updateTable('api_idempotency')
        .set({ generation_id: generationId })
        .where('user_id', '=', claim.userId)
        .where('key', '=', claim.key)
        .where('created_at', '=', claim.claimedAt)
        .where('generation_id', 'is', null)
        .executeTakeFirst();
      return updated.numUpdatedRows === 1n;
    },

    async release(claim) {
      await db
        .deleteFrom('api_idempotency')
        .where('user_id', '=', claim.userId)
        .where('key', '=', claim.key)
        .where('created_at', '=', claim.claimedAt)
        .where('generation_id', 'is', null)
        .execute();
    },
  };
}
