/**
 * The admin area's contract (docs/product-rules.md#admin-api): every `/api/admin` endpoint the admin
 * screens (src/features/admin) call, in one place. Admins only: anyone else gets 401/403 before
 * anything else. Imports only valibot and the other contract modules.
 *
 * Endpoints:
 * - GET    /api/admin/statistics/users                        the user statistics (UserStatisticsSchema)
 * - GET    /api/admin/blog/comments?status&cursor&limit       the comment queue (ModerationQuerySchema → ModerationPageSchema)
 * - POST   /api/admin/blog/comments/{id}/approve              shown to readers
 * - POST   /api/admin/blog/comments/{id}/hide                 shown to nobody
 * - DELETE /api/admin/blog/comments/{id}                      204, gone
 * - PUT    /api/admin/blog/commenters/{userId}/ban            BanRequestSchema → BanResponseSchema
 * - DELETE /api/admin/blog/commenters/{userId}/ban            204, the account may comment again
 *
 * The schemas are defined where the server reads them (the statistics in auth.ts beside the other
 * account answers, moderation in blog-comments.ts beside the readers' comments, whose statuses and
 * cursor it shares); this module gathers them for the admin screens, which import only it.
 */
export { UserStatisticsSchema, type UserStatistics } from './auth.ts';
export {
  BAN_REASON_MAX,
  BanRequestSchema,
  BanResponseSchema,
  COMMENT_STATUSES,
  ModerationCommentSchema,
  ModerationPageSchema,
  ModerationQuerySchema,
  type BanRequest,
  type BanResponse,
  type CommentStatus,
  type ModerationComment,
  type ModerationPage,
} from './blog-comments.ts';
