/**
 * The dev tools' engine delays, per account (`dev_engine_delays`): held in the database so that a
 * delay reaches the runs of every process (./engine-delays.ts says what a delay does).
 */
import type { Kysely } from 'kysely';
import type { Tables } from '../db/schema.ts';

export interface EngineDelays {
  /** Sets the delay of `userId`'s runs, in ms; 0 removes it. */
  set(userId: string, ms: number): Promise<void>;
  /** The delay of `userId`'s runs, in ms (0 when none). */
  get(userId: string): Promise<number>;
}

export function createEngineDelays(db: Kysely<Tables>): EngineDelays {
  return {
    async set(userId, ms) {
      if (ms <= 0) {
        await db.deleteFrom('dev_engine_delays').where('user_id', '=', userId).execute();
        return;
      }
      await db
        .insertInto('dev_engine_delays')
        .values({ user_id: userId, ms })
        .onConflict((oc) => oc.column('user_id').doUpdateSet({ ms }))
        .execute();
    },
    async get(userId) {
      const row = await db.selectFrom('dev_engine_delays').select('ms').where('user_id', '=', userId).executeTakeFirst();
      return row?.ms ?? 0;
    },
  };
}
