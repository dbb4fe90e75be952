/**
 * Blog comments' SQL: a post's thread as a reader sees it, the moderation queue, the moderators'
 * decisions and the bans. Pages are keyset pages on (created_at, id), newest first.
 */
import { sql } from 'kysely';
import type { Database } from '../db/connection.ts';
import type { BlogCommentStatus } from '../db/schema-engagement.ts';

/** Where a page starts: after the comment of this time and id. */
export interface PageKey {
  at: Date;
  id: string;
}

export interface ThreadRow {
  id: string;
  post_id: string;
  user_id: string;
  body: string;
  status: BlogCommentStatus;
  created_at: Date;
  author_name: string;
}

export interface ModerationRow extends ThreadRow {
  moderated_at: Date | null;
  author_email: string;
  banned: boolean;
  post_locale: 'vi' | 'en';
  post_slug: string;
  post_title: string;
}

export interface BlogCommentsRepository {
  /** Whether a published post has this id. */
  publishedPostExists(postId: string): Promise<boolean>;
  isBanned(userId: string): Promise<boolean>;
  userExists(userId: string): Promise<boolean>;
  insert(row: { id: string; postId: string; userId: string; body: string; now: Date }): Promise<void>;
  /** Approved comments, and `viewerId`'s own pending ones, `limit + 1` from `after`. */
  thread(postId: string, viewerId: string | null, after: PageKey | null, limit: number): Promise<ThreadRow[]>;
  /** Comments of one status, `limit + 1` from `after`. */
  byStatus(status: BlogCommentStatus, after: PageKey | null, limit: number): Promise<ModerationRow[]>;
  find(id: string): Promise<ModerationRow | undefined>;
  /** Sets the comment's status; false when there is no such comment. */
  setStatus(id: string, status: BlogCommentStatus, moderatorId: string, now: Date): Promise<boolean>;
  delete(id: string): Promise<boolean>;
  /** Bans the account (kept as it is when already banned) and hides its pending comments: how many. */
  ban(userId: string, moderatorId: string, reason: string | null, now: Date): Promise<number>;
  unban(userId: string): Promise<void>;
}

export function createBlogCommentsRepository(database: Database): BlogCommentsRepository {
  const db = database.kysely;

  const moderationQuery = () =>
    db
      .selectFrom('blog_comments as c')
      .innerJoin('users as u', 'u.id', 'c.user_id')
      .innerJoin('blog_posts as p', 'p.id', 'c.post_id')
      .leftJoin('blog_comment_bans as b', 'b.user_id', 'c.user_id')
      .select([
        'c.id',
        'c.post_id',
        'c.user_id',
        'c.body',
        'c.status',
        'c.created_at',
        'c.moderated_at',
        'u.name as author_name',
        'u.email as author_email',
        sql<boolean>`b.user_id is not null`.as('banned'),
        'p.locale as post_locale',
        'p.slug as post_slug',
        'p.title as post_title',
      ]);

  return {
    async publishedPostExists(postId) {
      const row = await db.selectFrom('blog_posts').select('id').where('id', '=', postId).where('status', '=', 'published').executeTakeFirst();
      return row !== undefined;
    },
    async isBanned(userId) {
      return (await db.selectFrom('blog_comment_bans').select('user_id').where('user_id', '=', userId).executeTakeFirst()) !== undefined;
    },
    async userExists(userId) {
      return (await db.selectFrom('users').select('id').where('id', '=', userId).executeTakeFirst()) !== undefined;
    },
    async insert(row) {
      await db
        .insertInto('blog_comments')
        .values({ id: row.id, post_id: row.postId, user_id: row.userId, body: row.body, status: 'pending', created_at: row.now })
        .execute();
    },
    thread(postId, viewerId, after, limit) {
      let query = db
        .selectFrom('blog_comments as c')
        .innerJoin('users as u', 'u.id', 'c.user_id')
        .select(['c.id', 'c.post_id', 'c.user_id', 'c.body', 'c.status', 'c.created_at', 'u.name as author_name'])
        .where('c.post_id', '=', postId)
        .where((eb) =>
          viewerId === null
            ? eb('c.status', '=', 'approved')
            : eb.or([eb('c.status', '=', 'approved'), eb.and([eb('c.status', '=', 'pending'), eb('c.user_id', '=', viewerId)])]),
        );
      if (after) query = query.where(sql<boolean>`(c.created_at, c.id) < (${after.at}, ${after.id})`);
      return query
        .orderBy('c.created_at', 'desc')
        .orderBy('c.id', 'desc')
        .limit(limit + 1)
        .execute();
    },
    byStatus(status, after, limit) {
      let query = moderationQuery().where('c.status', '=', status);
      if (after) query = query.where(sql<boolean>`(c.created_at, c.id) < (${after.at}, ${after.id})`);
      return query
        .orderBy('c.created_at', 'desc')
        .orderBy('c.id', 'desc')
        .limit(limit + 1)
        .execute();
    },
    find: (id) => moderationQuery().where('c.id', '=', id).executeTakeFirst(),
    async setStatus(id, status, moderatorId, now) {
      const row = await db
        .updateTable('blog_comments')
        .set({ status, moderated_at: now, moderated_by: moderatorId })
        .where('id', '=', id)
        .returning('id')
        .executeTakeFirst();
      return row !== undefined;
    },
    async delete(id) {
      return (await db.deleteFrom('blog_comments').where('id', '=', id).returning('id').executeTakeFirst()) !== undefined;
    },
    ban(userId, moderatorId, reason, now) {
      // One transaction: no pending comment of the account is left showing-to-be once the ban holds.
      return db.transaction().execute(async (trx) => {
        await trx
          .insertInto('blog_comment_bans')
          .values({ user_id: userId, banned_by: moderatorId, reason, created_at: now })
          .onConflict((conflict) => conflict.column('user_id').doNothing())
          .execute();
        const hidden = await trx
          .updateTable('blog_comments')
          .set({ status: 'hidden', moderated_at: now, moderated_by: moderatorId })
          .where('user_id', '=', userId)
          .where('status', '=', 'pending')
          .returning('id')
          .execute();
        return hidden.length;
      });
    },
    async unban(userId) {
      await db.deleteFrom('blog_comment_bans').where('user_id', '=', userId).execute();
    },
  };
}
