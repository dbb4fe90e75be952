/**
 * Row types of the contact tables (0012_contact.sql), part of `Tables` (./schema.ts).
 */
import type { ColumnType } from 'kysely';
import type { ContactLanguage, ContactTopic } from '../../src/contract/contact.ts';

/** One attached file as stored: its storage key, the sender's name for it, its type and size. */
export interface ContactFileRecord {
  key: string;
  name: string;
  type: string;
  bytes: number;
}

export interface ContactMessagesTable {
  id: string;
  reference: string;
  first_name: string;
  last_name: string;
  email: string;
  phone: string;
  topic: ContactTopic;
  description: string;
  language: ContactLanguage;
  /** Read as the parsed list; written as JSON text. */
  files: ColumnType<ContactFileRecord[], string, never>;
  created_at: ColumnType<Date, Date, never>;
}

export interface ContactUsedChallengesTable {
  salt: string;
  expires_at: Date;
}

export interface ContactTables {
  contact_messages: ContactMessagesTable;
  contact_used_challenges: ContactUsedChallengesTable;
}
