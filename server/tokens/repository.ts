/**
 * SQL of the token management API (0011_api_tokens.sql). Every query on a token names its owner,
 * so another account's token is simply not found.
 */
import { sql, type Kysely, type Selectable, type Updateable } from 'kysely';
import type { Database } from '../db/connection.ts';
import type { ApiTokensTable, WebhookDeliveriesTable } from '../db/schema-api.ts';
import type { Tables } from '../db/schema.ts';

export type TokenRow = Selectable<ApiTokensTable>;
export type DeliveryRow = Selectable<WebhookDeliveriesTable>;
export type RequestRow = { at: Date; method: string; path: string; status: number; duration_ms: number };
export type UsageRow = { day: string; requests: number; errors: number };

/** The columns a token is shown with: never its hash, and its webhook secret only where asked. */
const SHOWN = [
  'id',
  'user_id',
  'name',
  'token_prefix',
  'permissions',
  'rate_limit',
  'active',
  'expires_at',
  'credit_cap',
  'credits_used',
  'webhook_url',
  'last_used_at',
  'created_at',
] as const;
export type ShownToken = Pick<TokenRow, (typeof SHOWN)[number]>;

export interface NewToken {
  id: string;
  userId: string;
  name: string;
  hash: string;
  prefix: string;
  permissions: readonly string[];
  rateLimit: number;
  expiresAt: Date | null;
  creditCap: number | null;
  webhookUrl: string | null;
  webhookSecret: string;
  createdAt: Date;
}

export type TokenChanges = Pick<Updateable<ApiTokensTable>, 'name' | 'active' | 'rate_limit' | 'credit_cap' | 'webhook_url'> & {
  permissions?: readonly string[];
};

export function createTokensRepository(database: Database) {
  const db: Kysely<Tables> = database.kysely;
  const owned = (userId: string, id: string) => db.selectFrom('api_tokens').where('user_id', '=', userId).where('id', '=', id);

  return {
    /**
     * Inserts the token unless the account already holds `max`: the owner's row is locked first,
     * so two creations at once cannot both pass the count. False when the account is full.
     */
    async insertWithin(token: NewToken, max: number): Promise<boolean> {
      return db.transaction().execute(async (trx) => {
        await trx.selectFrom('users').select('id').where('id', '=', token.userId).forUpdate().executeTakeFirst();
        const { count } = await trx
          .selectFrom('api_tokens')
          .select((eb) => eb.fn.countAll<string>().as('count'))
          .where('user_id', '=', token.userId)
          .executeTakeFirstOrThrow();
        if (Number(count) >= max) return false;
        await trx
          .insertInto('api_tokens')
          .values({
            id: token.id,
            user_id: token.userId,
            name: token.name,
            token_hash: token.hash,
            token_prefix: token.prefix,
            permissions: JSON.stringify(token.permissions),
            rate_limit: token.rateLimit,
            expires_at: token.expiresAt,
            credit_cap: token.creditCap,
            webhook_url: token.webhookUrl,
            webhook_secret: token.webhookSecret,
            created_at: token.createdAt,
          })
          .execute();
        return true;
      });
    },

    /** The account's tokens, newest first (the id breaks ties of one instant). */
    list(userId: string): Promise<ShownToken[]> {
      return db.selectFrom('api_tokens').select(SHOWN).where('user_id', '=', userId).orderBy('created_at', 'desc').orderBy('id', 'desc').execute();
    },

    find(userId: string, id: string): Promise<(ShownToken & { webhook_secret: string }) | undefined> {
      return owned(userId, id)
        .select([...SHOWN, 'webhook_secret'])
        .executeTakeFirst();
    },

    update(userId: string, id: string, changes: TokenChanges): Promise<ShownToken | undefined> {
      const { permissions, ...rest } = changes;
      return db
        .updateTable('api_tokens')
        .set({ ...rest, ...(permissions ? { permissions: JSON.stringify(permissions) } : {}) })
        .where('user_id', '=', userId)
        .where('id', '=', id)
        .returning(SHOWN)
        .executeTakeFirst();
    },

    /** A new secret: the old hash is overwritten, so the old secret stops matching at once. */
    replaceSecret(userId: string, id: string, hash: string, prefix: string, at: Date): Promise<ShownToken | undefined> {
      return db
        .updateTable('api_tokens')
        .set({ token_hash: hash, token_prefix: prefix, regenerated_at: at })
        .where('user_id', '=', userId)
        .where('id', '=', id)
        .returning(SHOWN)
        .executeTakeFirst();
    },

    /** Deletes the token; its usage, request log and deliveries go with it (ON DELETE CASCADE). */
    async remove(userId: string, id: string): Promise<boolean> {
      const result = await db.deleteFrom('api_tokens').where('user_id', '=', userId).where('id', '=', id).executeTakeFirst();
      return result.numDeletedRows > 0n;
    },

    /** Requests and errors of all the account's tokens on `day`. */
    async usageOfAccount(userId: string, day: string): Promise<{ requests: number; errors: number }> {
      const row = await db
        .selectFrom('api_token_usage as u')
        .innerJoin('api_tokens as t', 't.id', 'u.token_id')
        .where('t.user_id', '=', userId)
        .where('u.day', '=', day)
        .select([sql<string>`coalesce(sum(u.requests), 0)`.as('requests'), sql<string>`coalesce(sum(u.errors), 0)`.as('errors')])
        .executeTakeFirstOrThrow();
      return { requests: Number(row.requests), errors: Number(row.errors) };
    },

    /** The token's usage rows from `from` to `to` (YYYY-MM-DD, inclusive; text compares as dates). */
    usageOfToken(tokenId: string, from: string, to: string): Promise<UsageRow[]> {
      return db
        .selectFrom('api_token_usage')
        .select(['day', 'requests', 'errors'])
        .where('token_id', '=', tokenId)
        .where('day', '>=', from)
        .where('day', '<=', to)
        .execute();
    },

    /** The token's latest `limit` requests, newest first. */
    recentRequests(tokenId: string, limit: number): Promise<RequestRow[]> {
      return db
        .selectFrom('api_requests')
        .select(['at', 'method', 'path', 'status', 'duration_ms'])
        .where('token_id', '=', tokenId)
        .orderBy('id', 'desc')
        .limit(limit)
        .execute();
    },

    /** The token's latest `limit` webhook deliveries, newest first. */
    deliveries(tokenId: string, limit: number): Promise<DeliveryRow[]> {
      return db
        .selectFrom('webhook_deliveries')
        .selectAll()
        .where('token_id', '=', tokenId)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(limit)
        .execute();
    },

    /**
     * Puts a delivery of the account's token back in the relay's hands: pending, not yet handed to
     * the job queue, due now (the database's clock, like the trigger that writes deliveries). The
     * relay sends it again with the same id, which is the message's `webhook-id`.
     */
    requeue(userId: string, tokenId: string, deliveryId: string): Promise<DeliveryRow | undefined> {
      return (
        db
          .updateTable('webhook_deliveries')
          .set({ status: 'pending', queued: false, next_attempt_at: sql<Date>`now()` })
          .where('id', '=', deliveryId)
          .where('token_id', '=', tokenId)
          .where('user_id', '=', userId)
          // The token must be the account's too, whatever the delivery row says.
          .where('token_id', 'in', db.selectFrom('api_tokens').select('id').where('user_id', '=', userId))
          .returningAll()
          .executeTakeFirst()
      );
    },
  };
}

export type TokensRepository = ReturnType<typeof createTokensRepository>;
