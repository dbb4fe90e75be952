/**
 * The newsletter's SQL. Every state change is one conditional statement, so two requests racing
 * on the same address or token cannot both win (a token confirms once, a confirmed address is
 * never sent back to 'pending').
 */
import type { Database } from '../db/connection.ts';
import type { NewsletterStatus } from '../db/schema-engagement.ts';

export interface SubscriberRow {
  id: string;
  email: string;
  language: 'vi' | 'en';
  status: NewsletterStatus;
}

export interface NewsletterRepository {
  /**
   * Files a confirmation request: a new address becomes 'pending' with this token; a 'pending' or
   * 'unsubscribed' one becomes 'pending' with this token (the earlier one stops working) and the
   * language asked for. A confirmed address is left as it is: null.
   */
  requestConfirmation(input: {
    id: string;
    email: string;
    language: 'vi' | 'en';
    tokenHash: string;
    expiresAt: Date;
    now: Date;
  }): Promise<SubscriberRow | null>;
  /** The pending subscriber of an unexpired token, or undefined. */
  findByConfirmToken(tokenHash: string, now: Date): Promise<SubscriberRow | undefined>;
  /** Confirms the address of an unexpired token and forgets the token: the row, for the one request that did. */
  confirm(tokenHash: string, now: Date): Promise<SubscriberRow | undefined>;
  findById(id: string): Promise<SubscriberRow | undefined>;
  /** Marks the address unsubscribed (and voids a pending confirmation); the row, whatever its state was. */
  unsubscribe(id: string, now: Date): Promise<SubscriberRow | undefined>;
  /** Confirmed addresses, oldest confirmation first, `limit` after the id `after`. */
  confirmed(after: string | null, limit: number): Promise<SubscriberRow[]>;
}

const COLUMNS = ['id', 'email', 'language', 'status'] as const;

export function createNewsletterRepository(database: Database): NewsletterRepository {
  const db = database.kysely;
  return {
    async requestConfirmation(input) {
      const row = await db
        .insertInto('newsletter_subscribers')
        .values({
          id: input.id,
          email: input.email,
          language: input.language,
          status: 'pending',
          confirm_token_hash: input.tokenHash,
          confirm_expires_at: input.expiresAt,
          created_at: input.now,
        })
        .onConflict((conflict) =>
          conflict
            .column('email')
            .doUpdateSet({
              status: 'pending',
              language: input.language,
              confirm_token_hash: input.tokenHash,
              confirm_expires_at: input.expiresAt,
              unsubscribed_at: null,
            })
            .where('newsletter_subscribers.status', '<>', 'confirmed'),
        )
        .returning(COLUMNS)
        .executeTakeFirst();
      return row ?? null;
    },
    findByConfirmToken: (tokenHash, now) =>
      db
        .selectFrom('newsletter_subscribers')
        .select(COLUMNS)
        .where('confirm_token_hash', '=', tokenHash)
        .where('status', '=', 'pending')
        .where('confirm_expires_at', '>', now)
        .executeTakeFirst(),
    confirm: (tokenHash, now) =>
      db
        .updateTable('newsletter_subscribers')
        .set({ status: 'confirmed', confirmed_at: now, confirm_token_hash: null, confirm_expires_at: null })
        .where('confirm_token_hash', '=', tokenHash)
        .where('status', '=', 'pending')
        .where('confirm_expires_at', '>', now)
        .returning(COLUMNS)
        .executeTakeFirst(),
    findById: (id) => db.selectFrom('newsletter_subscribers').select(COLUMNS).where('id', '=', id).executeTakeFirst(),
    async unsubscribe(id, now) {
      const changed = await db
        .updateTable('newsletter_subscribers')
        .set({ status: 'unsubscribed', unsubscribed_at: now, confirm_token_hash: null, confirm_expires_at: null })
        .where('id', '=', id)
        .where('status', '<>', 'unsubscribed')
        .returning(COLUMNS)
        .executeTakeFirst();
      return changed ?? (await db.selectFrom('newsletter_subscribers').select(COLUMNS).where('id', '=', id).executeTakeFirst());
    },
    confirmed: (after, limit) => {
      let query = db.selectFrom('newsletter_subscribers').select(COLUMNS).where('status', '=', 'confirmed');
      if (after !== null) query = query.where('id', '>', after);
      return query.orderBy('id').limit(limit).execute();
    },
  };
}
