/**
 * Blog comment rules (docs/product-rules.md#blog-comments): a signed-in reader's comment waits for
 * a moderator; readers see approved comments only, their author also their own pending ones; a
 * banned account cannot comment, and banning it hides its pending comments.
 */
import { randomUUID } from 'node:crypto';
import * as v from 'valibot';
import {
  COMMENT_MESSAGES,
  COMMENTS_PAGE_DEFAULT,
  type BanResponse,
  type Comment,
  type CommentMessageKey,
  type CommentPage,
  type CommentStatus,
  type ModerationComment,
  type ModerationPage,
} from '../../src/contract/blog-comments.schema.ts';
import type { RateLimiter, RateLimitRule } from '../platform/rate-limit.ts';
import { decodeCursor, encodeCursor } from '../http/cursor.ts';
import { codedErrors, type CodedError } from '../http/errors.ts';
import type { Logger } from '../logger.ts';
import type { BlogCommentsRepository, ModerationRow, PageKey, ThreadRow } from './repository.ts';

const MINUTE_MS = 60_000;
const DAY_MS = 24 * 60 * MINUTE_MS;
/** Comments one account may post per 10 minutes: a reader in a lively thread, never a flood. */
export const COMMENTS_PER_USER: RateLimitRule = { bucket: 'comments:user', limit: 5, windowMs: 10 * MINUTE_MS };
/** Comments one account may post per day. */
export const COMMENTS_PER_USER_DAILY: RateLimitRule = { bucket: 'comments:user-day', limit: 30, windowMs: DAY_MS };

export type CommentError = CodedError<CommentMessageKey>;

export const commentError = codedErrors(COMMENT_MESSAGES);

export const tooManyComments = (retryAfterSeconds: number): CommentError =>
  commentError(429, 'tooManyComments', { retryAfterSeconds: Math.max(1, Math.ceil(retryAfterSeconds)) });

const PageKeySchema = v.tuple([v.pipe(v.string(), v.isoTimestamp()), v.pipe(v.string(), v.uuid())]);

function decodePageKey(cursor: string | undefined): PageKey | null {
  if (cursor === undefined) return null;
  const [at, id] = decodeCursor(cursor, PageKeySchema);
  return { at: new Date(at), id };
}

/** The page of `limit` out of `limit + 1` rows, and the cursor of the next one. */
function paged<R extends { id: string; created_at: Date }>(rows: R[], limit: number): { rows: R[]; next: string | null } {
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  const next = rows.length > limit && last ? encodeCursor([new Date(last.created_at).toISOString(), last.id]) : null;
  return { rows: page, next };
}

const readerView = (row: ThreadRow, viewerId: string | null): Comment => ({
  id: row.id,
  post_id: row.post_id,
  body: row.body,
  author: { name: row.author_name },
  status: row.status === 'approved' ? 'approved' : 'pending',
  mine: row.user_id === viewerId,
  created_at: new Date(row.created_at).toISOString(),
});

const moderatorView = (row: ModerationRow): ModerationComment => ({
  id: row.id,
  body: row.body,
  status: row.status,
  created_at: new Date(row.created_at).toISOString(),
  moderated_at: row.moderated_at ? new Date(row.moderated_at).toISOString() : null,
  post: { id: row.post_id, locale: row.post_locale, slug: row.post_slug, title: row.post_title },
  author: { id: row.user_id, name: row.author_name, email: row.author_email, banned: Boolean(row.banned) },
});

export interface BlogCommentsService {
  thread(postId: string, viewerId: string | null, query: { cursor?: string | undefined; limit?: number | undefined }): Promise<CommentPage>;
  post(postId: string, userId: string, body: string): Promise<Comment>;
  queue(query: { status: CommentStatus; cursor?: string | undefined; limit?: number | undefined }): Promise<ModerationPage>;
  /** Approves or hides a comment: the comment as moderators see it. */
  decide(id: string, status: 'approved' | 'hidden', moderatorId: string): Promise<ModerationComment>;
  remove(id: string): Promise<void>;
  ban(userId: string, moderatorId: string, reason: string | null): Promise<BanResponse>;
  unban(userId: string): Promise<void>;
}

export interface BlogCommentsServiceDeps {
  repository: BlogCommentsRepository;
  limiter: RateLimiter;
  logger: Logger;
  now: () => number;
}

export function createBlogCommentsService(deps: BlogCommentsServiceDeps): BlogCommentsService {
  const { repository } = deps;
  const log = deps.logger.child({ area: 'blog-comments' });
  const now = () => new Date(deps.now());

  return {
    async thread(postId, viewerId, query) {
      const after = decodePageKey(query.cursor);
      if (!(await repository.publishedPostExists(postId))) throw commentError(404, 'postNotFound');
      const limit = query.limit ?? COMMENTS_PAGE_DEFAULT;
      const { rows, next } = paged(await repository.thread(postId, viewerId, after, limit), limit);
      return { items: rows.map((row) => readerView(row, viewerId)), next_cursor: next };
    },

    async post(postId, userId, body) {
      if (!(await repository.publishedPostExists(postId))) throw commentError(404, 'postNotFound');
      if (await repository.isBanned(userId)) throw commentError(403, 'commenterBanned');
      await deps.limiter.attempt([
        [COMMENTS_PER_USER, userId],
        [COMMENTS_PER_USER_DAILY, userId],
      ]);
      const id = randomUUID();
      const at = now();
      await repository.insert({ id, postId, userId, body, now: at });
      const row = await repository.find(id);
      if (!row) throw new Error('the new comment was not found');
      return readerView(row, userId);
    },

    async queue(query) {
      const after = decodePageKey(query.cursor);
      const limit = query.limit ?? COMMENTS_PAGE_DEFAULT;
      const { rows, next } = paged(await repository.byStatus(query.status, after, limit), limit);
      return { items: rows.map(moderatorView), next_cursor: next };
    },

    async decide(id, status, moderatorId) {
      if (!(await repository.setStatus(id, status, moderatorId, now()))) throw commentError(404, 'commentNotFound');
      const row = await repository.find(id);
      if (!row) throw commentError(404, 'commentNotFound');
      log.info({ commentId: id, status }, 'comment moderated');
      return moderatorView(row);
    },

    async remove(id) {
      if (!(await repository.delete(id))) throw commentError(404, 'commentNotFound');
      log.info({ commentId: id }, 'comment deleted');
    },

    async ban(userId, moderatorId, reason) {
      if (!(await repository.userExists(userId))) throw commentError(404, 'userNotFound');
      const hidden = await repository.ban(userId, moderatorId, reason || null, now());
      log.info({ userId, hiddenComments: hidden }, 'commenter banned');
      return { user_id: userId, banned: true, hidden_comments: hidden };
    },

    async unban(userId) {
      if (!(await repository.userExists(userId))) throw commentError(404, 'userNotFound');
      await repository.unban(userId);
      log.info({ userId }, 'commenter unbanned');
    },
  };
}
