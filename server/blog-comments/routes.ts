/**
 * Blog comment endpoints (src/contract/blog-comments.schema.ts lists them): the thread of a post under
 * `/api/blog/posts/:postId/comments`, and the moderation API under `/api/admin/blog`, which the
 * admin guard mounted on all of `/api/admin` (server/app.ts) answers 401/403 for anyone but an
 * admin before any of it runs. The body limit is BLOG_COMMENTS_BODY_MAX_BYTES (server/app.ts).
 */
import { Hono, type Context, type MiddlewareHandler } from 'hono';
import * as v from 'valibot';
import {
  BanRequestSchema,
  COMMENT_MESSAGES,
  CommentListQuerySchema,
  CreateCommentRequestSchema,
  ModerationQuerySchema,
  type CommentMessageKey,
} from '../../src/contract/blog-comments.schema.ts';
import type { Guards, UserEnv } from '../auth/middleware.ts';
import type { UserWithCredits } from '../auth/users-repository.ts';
import { invalidInput, parseInput, readJson, readJsonBody } from '../http/errors.ts';
import { recordIdParam } from '../http/params.ts';
import { commentError, type BlogCommentsService } from './service.ts';

const noStore: MiddlewareHandler<UserEnv> = async (c, next) => {
  await next();
  c.header('Cache-Control', 'no-store');
};

const CODE_OF_MESSAGE: ReadonlyMap<string, CommentMessageKey> = new Map(
  Object.entries(COMMENT_MESSAGES).map(([code, text]) => [text, code as CommentMessageKey]),
);

/** A comment's body: an empty or too long one is its own coded 422 (the form shows its sentence); anything else the usual 422. */
function parseComment(input: unknown) {
  const result = v.safeParse(CreateCommentRequestSchema, input);
  if (result.success) return result.output;
  const code = CODE_OF_MESSAGE.get(result.issues[0].message);
  if (code) throw commentError(422, code);
  throw invalidInput(result.issues);
}

const postId = (c: Context<UserEnv>) => recordIdParam(c, 'postId', () => commentError(404, 'postNotFound'));
const commentId = (c: Context<UserEnv>) => recordIdParam(c, 'id', () => commentError(404, 'commentNotFound'));
const userId = (c: Context<UserEnv>) => recordIdParam(c, 'userId', () => commentError(404, 'userNotFound'));

export function commentRoutes(service: BlogCommentsService, guards: Guards): Hono<UserEnv> {
  const app = new Hono<UserEnv>();
  // Only the threads: the blog's own answers under /api/blog/posts are cached (server/blog/routes.ts).
  app.use('/:postId/comments', noStore);
  // Anyone may read a thread; a reader who sends a token must send a valid one (401 otherwise),
  // and then also sees their own pending comments.
  const readerIfAny: MiddlewareHandler<UserEnv> = (c, next) => (c.req.header('authorization') ? guards.requireUser(c, next) : next());

  app.get('/:postId/comments', readerIfAny, async (c) => {
    const id = postId(c);
    const query = parseInput(CommentListQuerySchema, c.req.query());
    const viewer = c.get('user') as UserWithCredits | undefined;
    return c.json(await service.thread(id, viewer?.id ?? null, query));
  });
  app.post('/:postId/comments', guards.requireUser, async (c) => {
    const id = postId(c);
    const { body } = parseComment(await readJson(c));
    return c.json(await service.post(id, c.get('user').id, body), 201);
  });
  return app;
}

/** Mounted at `/api/admin/blog`, behind the admin guard. */
export function moderationRoutes(service: BlogCommentsService): Hono<UserEnv> {
  const app = new Hono<UserEnv>();
  app.use(noStore);
  app.get('/comments', async (c) => c.json(await service.queue(parseInput(ModerationQuerySchema, c.req.query()))));
  app.post('/comments/:id/approve', async (c) => c.json(await service.decide(commentId(c), 'approved', c.get('user').id)));
  app.post('/comments/:id/hide', async (c) => c.json(await service.decide(commentId(c), 'hidden', c.get('user').id)));
  app.delete('/comments/:id', async (c) => {
    await service.remove(commentId(c));
    return c.body(null, 204);
  });
  app.put('/commenters/:userId/ban', async (c) => {
    const id = userId(c);
    const { reason } = await readJsonBody(c, BanRequestSchema);
    return c.json(await service.ban(id, c.get('user').id, reason));
  });
  app.delete('/commenters/:userId/ban', async (c) => {
    await service.unban(userId(c));
    return c.body(null, 204);
  });
  return app;
}
