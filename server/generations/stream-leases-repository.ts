/**
 * The per-account limit of open event streams (GENERATION_EVENTS.maxStreamsPerAccount), held
 * across processes: each open stream is a row of `generation_streams` with a lease. A stream takes
 * its row when it opens (refused when the account's live rows already reach the limit), its
 * process renews the lease of its open streams every STREAM_RENEW_MS, and the row goes when the
 * stream ends. Rows of a process that died stop counting when their lease runs out, so a crash
 * holds an account's slots for STREAM_LEASE_MS at most. Leases run on the database's clock, so
 * the processes' clocks play no part.
 */
import { randomUUID } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import type { Tables } from '../db/schema.ts';

/** How long a stream's row counts without a renewal, in ms (a dead process's streams lapse after it). */
export const STREAM_LEASE_MS = 30_000;
/** How often a process renews its open streams' leases, in ms (three tries within one lease). */
export const STREAM_RENEW_MS = 10_000;

export interface StreamLeases {
  /** Takes a stream slot of `userId`'s: its lease id, or null when `max` live streams already hold them. */
  acquire(userId: string, max: number): Promise<string | null>;
  /** Extends the leases `ids` (this process's open streams). */
  renew(ids: readonly string[]): Promise<void>;
  /** Gives the slot back (the stream ended). */
  release(id: string): Promise<void>;
  /** Drops every lease: on PGlite at start, where only this process could hold any. */
  clear(): Promise<void>;
}

export function createStreamLeases(db: Kysely<Tables>, leaseMs = STREAM_LEASE_MS): StreamLeases {
  const expiresAt = () => sql<Date>`now() + make_interval(secs => ${leaseMs / 1_000}::double precision)`;
  return {
    acquire: (userId, max) =>
      db.transaction().execute(async (trx) => {
        // Two streams of one account opening at once, in any processes, take turns here.
        const user = await trx.selectFrom('users').select('id').where('id', '=', userId).forNoKeyUpdate().executeTakeFirst();
        if (!user) return null;
        await trx
          .deleteFrom('generation_streams')
          .where('user_id', '=', userId)
          .where('expires_at', '<=', sql<Date>`now()`)
          .execute();
        const live = await trx
          .selectFrom('generation_streams')
          .select((eb) => eb.fn.countAll<string>().as('count'))
          .where('user_id', '=', userId)
          .executeTakeFirstOrThrow();
        if (Number(live.count) >= max) return null;
        const id = randomUUID();
        await trx.insertInto('generation_streams').values({ id, user_id: userId, expires_at: expiresAt() }).execute();
        return id;
      }),
    async renew(ids) {
      if (ids.length === 0) return;
      await db
        .updateTable('generation_streams')
        .set({ expires_at: expiresAt() })
        .where('id', 'in', [...ids])
        .execute();
    },
    async release(id) {
      await db.deleteFrom('generation_streams').where('id', '=', id).execute();
    },
    async clear() {
      await db.deleteFrom('generation_streams').execute();
    },
  };
}
