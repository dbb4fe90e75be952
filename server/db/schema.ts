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

export type Language = 'vi' | 'en';

export interface UsersTable {
  id: string;
  email: string;
  name: string;
  password_hash: string | null;
  profile_picture: string | null;
  language: ColumnType<Language, Language | undefined, Language>;
  plan: ColumnType<string, string | undefined, string>;
  is_verified: ColumnType<boolean, boolean | undefined, boolean>;
  firebase_uid: string | null;
  created_at: ColumnType<Date, Date, never>;
  last_login_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  /** Access tokens issued before this moment are refused (set by a password reset). */
  tokens_valid_after: ColumnType<Date | null, Date | null | undefined, Date | null>;
}

export type CreditKind = 'grant' | 'purchase' | 'reserve' | 'commit' | 'refund' | 'adjustment';

export interface CreditLedgerTable {
  id: string;
  user_id: string;
  kind: CreditKind;
  amount: number;
  reason: string;
  idempotency_key: string;
  created_at: ColumnType<Date, Date, never>;
}

export interface EmailOtpsTable {
  user_id: string;
  code_hash: string;
  failed_attempts: ColumnType<number, number | undefined, number>;
  expires_at: Date;
  created_at: Date;
}

export interface PasswordResetTokensTable {
  token_hash: string;
  user_id: string;
  expires_at: Date;
  created_at: Date;
}

export interface TemporaryCredentialsTable {
  secret_hash: string;
  user_id: string;
  expires_at: Date;
  created_at: Date;
}

export interface RateLimitEventsTable {
  id: Generated<string>;
  bucket: string;
  key: string;
  at: Date;
}

export interface Tables {
  app_settings: AppSettingsTable;
  schema_migrations: SchemaMigrationsTable;
  users: UsersTable;
  credit_ledger: CreditLedgerTable;
  email_otps: EmailOtpsTable;
  password_reset_tokens: PasswordResetTokensTable;
  temporary_credentials: TemporaryCredentialsTable;
  rate_limit_events: RateLimitEventsTable;
}
