/**
 * Row types of the blog's engagement tables (0014_blog_engagement.sql): the newsletter and the
 * comments. Part of `Tables` (./schema.ts).
 */
import type { ColumnType } from 'kysely';

export type NewsletterStatus = 'pending' | 'confirmed' | 'unsubscribed';
export type BlogCommentStatus = 'pending' | 'approved' | 'hidden';

export interface NewsletterSubscribersTable {
  id: ColumnType<string, string, never>;
  /** Lower-cased. */
  email: ColumnType<string, string, never>;
  language: 'vi' | 'en';
  status: NewsletterStatus;
  /** The keyed hash of the pending confirmation token; null once used, or outside 'pending'. */
  confirm_token_hash: string | null;
  confirm_expires_at: Date | null;
  created_at: ColumnType<Date, Date, never>;
  confirmed_at: Date | null;
  unsubscribed_at: Date | null;
}

export interface BlogCommentsTable {
  id: ColumnType<string, string, never>;
  /** A blog_posts row (one locale of a post). */
  post_id: ColumnType<string, string, never>;
  user_id: ColumnType<string, string, never>;
  body: ColumnType<string, string, never>;
  status: BlogCommentStatus;
  created_at: ColumnType<Date, Date, never>;
  moderated_at: Date | null;
  moderated_by: string | null;
}

export interface BlogCommentBansTable {
  user_id: string;
  banned_by: string | null;
  reason: string | null;
  created_at: Date;
}

export interface EngagementTables {
  newsletter_subscribers: NewsletterSubscribersTable;
  blog_comments: BlogCommentsTable;
  blog_comment_bans: BlogCommentBansTable;
}
