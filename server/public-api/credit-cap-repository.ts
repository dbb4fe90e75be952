/**
 * A token's credit cap (docs/product-rules.md#api-credit-cap) and the record of what a token
 * created. Both run inside the submit's transaction, after the job's insert (the cost is the
 * job's own, as the server priced it):
 *
 * - `reserveOnCap`: ONE conditional UPDATE adds the cost to `credits_used` only while it stays
 *   within `credit_cap` (no cap: always). Concurrent submits of the token queue on its row, and
 *   each checks the cap against what the previous ones left, so the cap is never passed. When it
 *   would be, the caller throws and the whole submit (ledger, job, queue) rolls back.
 * - `recordApiGeneration`: the `api_generations` row the trigger of 0011_api_tokens.sql reads
 *   when the job ends: the cost it takes off `credits_used` unless the job completed, and where
 *   the webhook goes.
 */
import type { Transaction } from 'kysely';
import type { Tables } from '../db/schema.ts';

/** `reserved`; `capReached`: nothing changed; `noToken`: the token was deleted meanwhile. */
export type CapOutcome = 'reserved' | 'capReached' | 'noToken';

export async function reserveOnCap(trx: Transaction<Tables>, tokenId: string, cost: number): Promise<CapOutcome> {
  const reserved = await trx
    .updateTable('api_tokens')
    .set((eb) => ({ credits_used: eb('credits_used', '+', cost) }))
    .where('id', '=', tokenId)
    .where((eb) => eb.or([eb('credit_cap', 'is', null), eb(eb('credits_used', '+', cost), '<=', eb.ref('credit_cap'))]))
    .returning('id')
    .executeTakeFirst();
  if (reserved) return 'reserved';
  const token = await trx.selectFrom('api_tokens').select('id').where('id', '=', tokenId).executeTakeFirst();
  return token ? 'capReached' : 'noToken';
}

/** Where a job's webhook goes: the request's URL, none (the request said null), or the token's when the job ends. */
export type WebhookTarget = { url: string } | 'none' | 'token';

export interface ApiGenerationLink {
  generationId: string;
  tokenId: string;
  userId: string;
  /** Credits the job holds on the token's cap. */
  cost: number;
  webhook: WebhookTarget;
  at: Date;
}

export async function recordApiGeneration(trx: Transaction<Tables>, link: ApiGenerationLink): Promise<void> {
  await trx
    .insertInto('api_generations')
    .values({
      generation_id: link.generationId,
      token_id: link.tokenId,
      user_id: link.userId,
      cost: link.cost,
      webhook_url: typeof link.webhook === 'object' ? link.webhook.url : null,
      no_webhook: link.webhook === 'none',
      created_at: link.at,
    })
    .execute();
}
