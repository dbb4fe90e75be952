/**
 * Kysely table types: the TypeScript view of the schema that server/db/migrations creates.
 * Keep it in step with the migrations (a column added there is added here).
 */
import type { ColumnType, Generated } from 'kysely';
import type { ApiTables } from './schema-api.ts';
import type { BillingTables, LedgerSeq } from './schema-billing.ts';
import type { BlogTables } from './schema-blog.ts';
import type { EngagementTables } from './schema-engagement.ts';
import type { ContactTables } from './schema-contact.ts';

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
}

/** An account's own profile picture (0022): the square WebP served at /api/profile-picture/{user_id}/{hash}.webp. */
export interface ProfilePicturesTable {
  user_id: string;
  hash: string;
  bytes: Uint8Array;
  created_at: ColumnType<Date, Date | undefined, Date>;
}

/** One signed-in device: an access token is accepted only while its session is live (server/auth/sessions.ts). */
export interface SessionsTable {
  id: string;
  user_id: string;
  created_at: ColumnType<Date, Date, never>;
  expires_at: ColumnType<Date, Date, never>;
  last_used_at: Date;
  revoked_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  user_agent: ColumnType<string | null, string | null | undefined, never>;
}

export type CreditKind = 'grant' | 'purchase' | 'reserve' | 'commit' | 'refund' | 'adjustment' | 'expire';

export interface CreditLedgerTable {
  id: string;
  user_id: string;
  kind: CreditKind;
  amount: number;
  reason: string;
  idempotency_key: string;
  created_at: ColumnType<Date, Date, never>;
  /** Order of writing (0009_billing.sql). */
  seq: LedgerSeq;
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
  /** What the event weighs against its limit (1, or bytes); bigint, convert with Number(). */
  weight: ColumnType<string | number, number | undefined, number>;
}

/** Quota space claimed by an upload in progress (0008). */
export interface StorageReservationsTable {
  id: Generated<string>;
  user_id: string;
  /** bigint: convert with Number(). */
  bytes: ColumnType<string | number, number, number>;
  expires_at: Date;
}

export interface AssetsTable {
  id: string;
  user_id: string;
  kind: 'image' | 'video' | 'upscaled';
  media_type: 'image' | 'video';
  /** AssetRole[]; written as JSON text. */
  roles: ColumnType<string[], string | undefined, string>;
  mime: string;
  name: string;
  width: number;
  height: number;
  /** bigint: node-postgres reads it as a string, PGlite as a number; convert with Number(). */
  bytes: ColumnType<string | number, number, number>;
  /** Every stored byte of the asset (original, thumbnail, poster): what the quota counts. bigint. */
  stored_bytes: ColumnType<string | number, number, number>;
  duration_ms: number | null;
  fps: number | null;
  codec: string | null;
  storage_key: string;
  thumbnail_key: string;
  poster_key: string | null;
  source: 'upload' | 'generation';
  generation_id: string | null;
  /** The tool of that generation (a Feature); null for uploads. */
  feature: ColumnType<string | null, string | null | undefined, never>;
  /** The upload's Idempotency-Key (unique per user); null without one and for results. */
  upload_key: ColumnType<string | null, string | null | undefined, never>;
  /** AssetWarning[]; written as JSON text. */
  warnings: ColumnType<string[], string | undefined, string>;
  /** Written as JSON text. */
  metadata: ColumnType<{ [key: string]: Json }, string | undefined, string>;
  created_at: ColumnType<Date, Date, never>;
  /** The copy carrying the watermark of a result made on a watermarking plan (0010); null otherwise. */
  watermarked_key: ColumnType<string | null, string | null | undefined, never>;
  /** The owner's plan on rows with a watermarked copy, kept equal to users.plan by triggers (0010); never written by the server. */
  owner_plan: ColumnType<
    string | null,
    never,
    never
  > /** SHA-256 (hex) of an upload's bytes as sent (0021); null for results and older uploads. Unique per account and use. */;
  content_sha256: ColumnType<string | null, string | null | undefined, never>;
}

export type GenerationStatusColumn = 'queued' | 'processing' | 'completed' | 'failed' | 'cancelled';

export interface GenerationsTable {
  id: string;
  user_id: string;
  feature: string;
  status: GenerationStatusColumn;
  stage: string | null;
  progress: ColumnType<number, number | undefined, number>;
  /** Written as JSON text. */
  inputs: ColumnType<{ [key: string]: Json }, string, string>;
  params: ColumnType<{ [key: string]: Json }, string, string>;
  input_asset_ids: ColumnType<string[], string | undefined, string>;
  result_asset_ids: ColumnType<string[], string | undefined, string>;
  cost: number;
  engine: string;
  idempotency_key: string | null;
  request_hash: string | null;
  error_code: string | null;
  error_message: string | null;
  attempts: ColumnType<number, number | undefined, number>;
  /** Written by the running worker about every second; a stale one means the worker is gone. */
  heartbeat_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  external_id: string | null;
  regenerated_from: string | null;
  /** When the owner shared the result in the community feed; null when not shared. */
  shared_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  /**
   * The asset rows of the current run's results while they are stored, before the completion
   * inserts them (0007); written as JSON text, read back by the media area (readStaged).
   */
  staged_results: ColumnType<Json[] | null, string | null | undefined, string | null>;
  /** The engine's plan of the job (0018: what it does and does not of the request), JSON text; null when it does all. */
  plan: ColumnType<Json | null, string | null | undefined, string | null>;
  created_at: ColumnType<Date, Date, never>;
  started_at: Date | null;
  finished_at: Date | null;
  /**
   * The queue attempt (pg-boss retry count) that last claimed the job, or that a recovery pass
   * took back before any claim (0017); a worker claims only for a newer one.
   */
  queue_attempt: ColumnType<number | null, number | null | undefined, number | null>;
}

/** An open event stream, held against its account's limit while its lease runs (0017). */
export interface GenerationStreamsTable {
  id: string;
  user_id: string;
  expires_at: Date;
}

/** A dev-tools engine delay of an account, in ms (0017). */
export interface DevEngineDelaysTable {
  user_id: string;
  ms: number;
}

export interface Tables extends BillingTables, ApiTables, BlogTables, EngagementTables, ContactTables {
  app_settings: AppSettingsTable;
  schema_migrations: SchemaMigrationsTable;
  users: UsersTable;
  profile_pictures: ProfilePicturesTable;
  credit_ledger: CreditLedgerTable;
  email_otps: EmailOtpsTable;
  password_reset_tokens: PasswordResetTokensTable;
  temporary_credentials: TemporaryCredentialsTable;
  rate_limit_events: RateLimitEventsTable;
  sessions: SessionsTable;
  assets: AssetsTable;
  storage_reservations: StorageReservationsTable;
  generations: GenerationsTable;
  generation_streams: GenerationStreamsTable;
  dev_engine_delays: DevEngineDelaysTable;
}
