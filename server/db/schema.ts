/**
 * Kysely table types: the TypeScript view of the schema that server/db/migrations creates.
 * Keep it in step with the migrations (a column added there is added here).
 */
import type { ColumnType, Generated } from 'kysely';

/** Any JSON value, as stored in a jsonb column. */
export type Json = string | number | boolean | null | Json[] | { [key: string]: Json };

export interface AppSettingsTable {
  key: string;
  /**
   * Read as the parsed value; written as JSON text (`JSON.stringify(value)`), because
   * node-postgres would turn a JS array into a Postgres array, not a JSON one.
   */
  value: ColumnType<Json, string, string>;
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>;
}

export interface SchemaMigrationsTable {
  version: number;
  name: string;
  checksum: string;
  applied_at: Generated<Date>;
}

export interface Tables {
  app_settings: AppSettingsTable;
  schema_migrations: SchemaMigrationsTable;
}
