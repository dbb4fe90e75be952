/** Health checks' SQL. */
import { sql } from 'kysely';
import type { Database } from '../db/connection.ts';

export interface HealthRepository {
  /** Resolves when the database answers a trivial query. */
  ping(): Promise<void>;
}

export function createHealthRepository(database: Database): HealthRepository {
  return {
    async ping() {
      await sql`select 1`.execute(database.kysely);
    },
  };
}
