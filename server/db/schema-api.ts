/**
 * Row types of the API tables (0011_api_tokens.sql), part of `Tables` (./schema.ts).
 */
import type { ColumnType, Generated } from 'kysely';

/** A jsonb string list: read as the array, written as JSON text. */
type JsonStrings = ColumnType<string[], string, string>;

export interface ApiTokensTable {
  id: string;
  user_id: string;
  name: string;
  token_hash: string;
  token_prefix: string;
  permissions: JsonStrings;
  rate_limit: number;
  active: ColumnType<boolean, boolean | undefined, boolean>;
  expires_at: Date | null;
  credit_cap: number | null;
  credits_used: ColumnType<number, number | undefined, number>;
  webhook_url: string | null;
  webhook_secret: string;
  rl_tat: ColumnType<Date | null, Date | null | undefined, Date | null>;
  last_used_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  created_at: ColumnType<Date, Date, never>;
  regenerated_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
}

export interface ApiTokenUsageTable {
  token_id: string;
  /** A calendar day in Vietnam's time (UTC+7), `YYYY-MM-DD`. */
  day: string;
  requests: ColumnType<number, number | undefined, number>;
  errors: ColumnType<number, number | undefined, number>;
}

export interface ApiRequestsTable {
  id: Generated<string>;
  token_id: string;
  at: Date;
  method: string;
  path: string;
  status: number;
  duration_ms: number;
  request_id: string | null;
}

export interface ApiIdempotencyTable {
  user_id: string;
  key: string;
  request_hash: string;
  generation_id: string | null;
  created_at: Date;
}

export interface ApiGenerationsTable {
  generation_id: string;
  token_id: string | null;
  user_id: string;
  cost: number;
  webhook_url: string | null;
  /** The request said `webhook_url: null`: no webhook, even if the token has one. */
  no_webhook: ColumnType<boolean, boolean | undefined, boolean>;
  created_at: Date;
}

export type DeliveryStatusColumn = 'pending' | 'delivered' | 'failed';

export interface WebhookDeliveriesTable {
  id: string;
  token_id: string;
  user_id: string;
  generation_id: string;
  event: string;
  url: string;
  status: DeliveryStatusColumn;
  attempts: ColumnType<number, number | undefined, number>;
  queued: ColumnType<boolean, boolean | undefined, boolean>;
  next_attempt_at: Date | null;
  last_status_code: number | null;
  last_error: string | null;
  created_at: Date;
  delivered_at: Date | null;
}

export interface WebhookAttemptsTable {
  id: Generated<string>;
  delivery_id: string;
  at: Date;
  status_code: number | null;
  error: string | null;
  duration_ms: number;
}

export interface ApiTables {
  api_tokens: ApiTokensTable;
  api_token_usage: ApiTokenUsageTable;
  api_requests: ApiRequestsTable;
  api_idempotency: ApiIdempotencyTable;
  api_generations: ApiGenerationsTable;
  webhook_deliveries: WebhookDeliveriesTable;
  webhook_attempts: WebhookAttemptsTable;
}
