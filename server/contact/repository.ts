/** The contact area's SQL: the stored messages and the proof-of-work challenges already used. */
import type { Database } from '../db/connection.ts';
import type { ContactFileRecord, ContactMessagesTable } from '../db/schema-contact.ts';

export type NewContactMessage = Omit<ContactMessagesTable, 'files' | 'created_at'> & { files: ContactFileRecord[]; created_at: Date };

export interface ContactRepository {
  /**
   * Marks a challenge used: true for the one request that used it first, false for every replay
   * (single use even under concurrency: the salt is the primary key). Prunes expired ones.
   */
  useChallenge(salt: string, expiresAt: Date, now: Date): Promise<boolean>;
  insertMessage(message: NewContactMessage): Promise<void>;
}

export function createContactRepository(database: Database): ContactRepository {
  const db = database.kysely;
  return {
    async useChallenge(salt, expiresAt, now) {
      // A used challenge past its expiry would be refused as expired anyway: its row can go.
      await db.deleteFrom('contact_used_challenges').where('expires_at', '<=', now).execute();
      const row = await db
        .insertInto('contact_used_challenges')
        .values({ salt, expires_at: expiresAt })
        .onConflict((oc) => oc.column('salt').doNothing())
        .returning('salt')
        .executeTakeFirst();
      return row !== undefined;
    },
    async insertMessage(message) {
      await db
        .insertInto('contact_messages')
        .values({ ...message, files: JSON.stringify(message.files) })
        .execute();
    },
  };
}
