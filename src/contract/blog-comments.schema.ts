/**
 * Blog comments (docs/product-rules.md#blog-comments): signed-in readers comment on a post (one
 * locale's row of it), every comment waits for a moderator, and only approved ones are shown.
 * Imports only valibot and the other contract modules.
 *
 * Endpoints:
 * - GET    /api/blog/posts/{postId}/comments?cursor&limit      approved comments, newest first; a signed-in reader also gets their own pending ones (`status: 'pending'`)
 * - POST   /api/blog/posts/{postId}/comments { body }          (signed in) 201, the comment, pending
 * Moderation (admins only; anyone else 401/403 before anything else):
 * - GET    /api/admin/blog/comments?status&cursor&limit        the queue by status (default pending), newest first
 * - POST   /api/admin/blog/comments/{id}/approve               shown to readers
 * - POST   /api/admin/blog/comments/{id}/hide                  shown to nobody
 * - DELETE /api/admin/blog/comments/{id}                       204, gone
 * - PUT    /api/admin/blog/commenters/{userId}/ban { reason? } the account can no longer comment; its pending comments are hidden
 * - DELETE /api/admin/blog/commenters/{userId}/ban             204, the account may comment again
 */
import * as v from 'valibot';
import { CURSOR_MAX, isSafeText, queryInteger, text, UNSAFE_TEXT_MESSAGE } from './input.schema.ts';

/** Longest comment, in characters, after trimming. */
export const COMMENT_MAX = 2_000;
/** Longest ban reason, in characters (for the moderators' own notes). */
export const BAN_REASON_MAX = 500;
/**
 * Largest body of the comment endpoints, in bytes: a 2,000-character comment is at most 8 KiB
 * even in 4-byte UTF-8, with room for a client's JSON escaping.
 */
export const BLOG_COMMENTS_BODY_MAX_BYTES = 16 * 1024;
export const COMMENTS_PAGE_DEFAULT = 20;
export const COMMENTS_PAGE_MAX = 50;

export const COMMENT_STATUSES = ['pending', 'approved', 'hidden'] as const;
export type CommentStatus = (typeof COMMENT_STATUSES)[number];

/** Texts the server answers with (`{ message | detail, code }`); the pages show their own vi/en text for each code. */
export const COMMENT_MESSAGES = {
  commentRequired: 'Please write a comment.',
  commentTooLong: `A comment can be at most ${COMMENT_MAX.toLocaleString('en-US')} characters.`,
  postNotFound: 'Post not found',
  commentNotFound: 'Comment not found',
  userNotFound: 'User not found',
  commenterBanned: 'Your account can no longer comment on the blog: a moderator has blocked it from commenting.',
  tooManyComments: 'You are commenting too quickly. Please wait a few minutes and try again.',
} as const;
export type CommentMessageKey = keyof typeof COMMENT_MESSAGES;

export const CreateCommentRequestSchema = v.object({
  body: v.pipe(
    v.string(COMMENT_MESSAGES.commentRequired),
    v.check(isSafeText, UNSAFE_TEXT_MESSAGE),
    v.trim(),
    v.minLength(1, COMMENT_MESSAGES.commentRequired),
    v.maxLength(COMMENT_MAX, COMMENT_MESSAGES.commentTooLong),
  ),
});
export type CreateCommentRequest = v.InferOutput<typeof CreateCommentRequestSchema>;

const CursorSchema = v.pipe(v.string(), v.maxLength(CURSOR_MAX));

export const CommentListQuerySchema = v.object({
  cursor: v.optional(CursorSchema),
  limit: v.optional(queryInteger(1, COMMENTS_PAGE_MAX)),
});

/** A comment as readers see it: the author's display name only. */
export const CommentSchema = v.object({
  id: v.string(),
  post_id: v.string(),
  body: v.string(),
  author: v.object({ name: v.string() }),
  /** 'pending' only on the reader's own comments (nobody else sees them). */
  status: v.picklist(['approved', 'pending']),
  /** Written by the signed-in reader. */
  mine: v.boolean(),
  created_at: v.string(),
});
export type Comment = v.InferOutput<typeof CommentSchema>;

export const CommentPageSchema = v.object({ items: v.array(CommentSchema), next_cursor: v.nullable(v.string()) });
export type CommentPage = v.InferOutput<typeof CommentPageSchema>;

// ── Moderation ───────────────────────────────────────────────────────────────────────

export const ModerationQuerySchema = v.object({
  status: v.optional(v.picklist(COMMENT_STATUSES), 'pending'),
  cursor: v.optional(CursorSchema),
  limit: v.optional(queryInteger(1, COMMENTS_PAGE_MAX)),
});

/** A comment as moderators see it: the post it is on, and who wrote it. */
export const ModerationCommentSchema = v.object({
  id: v.string(),
  body: v.string(),
  status: v.picklist(COMMENT_STATUSES),
  created_at: v.string(),
  moderated_at: v.nullable(v.string()),
  post: v.object({ id: v.string(), locale: v.picklist(['vi', 'en']), slug: v.string(), title: v.string() }),
  author: v.object({ id: v.string(), name: v.string(), email: v.string(), banned: v.boolean() }),
});
export type ModerationComment = v.InferOutput<typeof ModerationCommentSchema>;

export const ModerationPageSchema = v.object({ items: v.array(ModerationCommentSchema), next_cursor: v.nullable(v.string()) });
export type ModerationPage = v.InferOutput<typeof ModerationPageSchema>;

export const BanRequestSchema = v.object({ reason: v.optional(v.nullable(v.pipe(text(BAN_REASON_MAX), v.trim())), null) });
export type BanRequest = v.InferOutput<typeof BanRequestSchema>;

/** PUT …/ban: the account is banned; how many of its pending comments that hid. */
export const BanResponseSchema = v.object({ user_id: v.string(), banned: v.literal(true), hidden_comments: v.number() });
export type BanResponse = v.InferOutput<typeof BanResponseSchema>;
