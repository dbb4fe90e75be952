/**
 * Blog comments (docs/product-rules.md#blog-comments): a comment is invisible to readers until a
 * moderator approves it (its author sees it, marked pending); hidden and deleted ones vanish; a
 * banned account cannot comment and its pending comments are hidden; moderation is for admins
 * only. PGlite, or Postgres with DATABASE_URL.
 */
import { randomUUID } from 'node:crypto';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMMENT_MAX, COMMENT_MESSAGES, CommentPageSchema, CommentSchema, ModerationPageSchema } from '../../src/contract/blog-comments.schema.ts';
import { COMMENTS_PER_USER } from '../../server/blog-comments/service.ts';
import { createAccountsHarness, MINUTE_MS, type AccountsHarness } from './helpers/accounts.ts';
import { insertPost, type TestPost } from './helpers/blog-posts.ts';
import { DRIVER } from './helpers/database.ts';

let h: AccountsHarness;
let post: TestPost;
let reader: { id: string; token: string };
let other: { id: string; token: string };
let admin: { id: string; token: string };

beforeAll(async () => {
  h = await createAccountsHarness({ env: { ADMIN_EMAILS: 'moderator@example.com' } });
  post = await insertPost(h.database);
  const person = async (email: string, name: string) => {
    const login = await h.signUp({ email, name });
    return { id: login.user.id, token: login.access_token };
  };
  reader = await person('lan@example.com', 'Nguyễn Thị Lan');
  other = await person('binh@example.com', 'Trần Văn Bình');
  admin = await person('moderator@example.com', 'Kiểm duyệt viên');
});

afterAll(async () => {
  await h?.dispose();
});

const thread = async (token?: string, query = '') => {
  const result = await h.call('GET', `/api/blog/posts/${post.id}/comments${query}`, token ? { token } : {});
  expect(result.status, JSON.stringify(result.body)).toBe(200);
  return v.parse(CommentPageSchema, result.body);
};
const bodies = async (token?: string) => (await thread(token)).items.map((item) => item.body);
const comment = (token: string, body: unknown, postId = post.id) => h.call('POST', `/api/blog/posts/${postId}/comments`, { token, body: { body } });
const moderate = (action: 'approve' | 'hide', id: string, token = admin.token) => h.call('POST', `/api/admin/blog/comments/${id}/${action}`, { token });

describe(`blog comments (${DRIVER})`, () => {
  it('a comment is invisible until approved; its author sees it marked pending', async () => {
    const posted = await comment(reader.token, '  Bài viết rất hữu ích, cảm ơn!  ');
    expect(posted.status).toBe(201);
    const created = v.parse(CommentSchema, posted.body);
    expect(created).toMatchObject({
      body: 'Bài viết rất hữu ích, cảm ơn!',
      status: 'pending',
      mine: true,
      author: { name: 'Nguyễn Thị Lan' },
      post_id: post.id,
    });
    expect(await bodies()).toEqual([]);
    expect(await bodies(other.token)).toEqual([]);
    expect((await thread(reader.token)).items).toEqual([created]);

    const queue = v.parse(ModerationPageSchema, (await h.call('GET', '/api/admin/blog/comments', { token: admin.token })).body);
    expect(queue.items.map((item) => item.id)).toEqual([created.id]);
    expect(queue.items[0]).toMatchObject({
      status: 'pending',
      author: { id: reader.id, email: 'lan@example.com', banned: false },
      post: { id: post.id, locale: 'vi', slug: post.slug },
    });

    const approved = await moderate('approve', created.id);
    expect(approved).toMatchObject({ status: 200, body: { id: created.id, status: 'approved' } });
    expect(await bodies()).toEqual(['Bài viết rất hữu ích, cảm ơn!']);
    expect((await thread(other.token)).items[0]).toMatchObject({ status: 'approved', mine: false, author: { name: 'Nguyễn Thị Lan' } });
    // Readers get a name only: no account id, no email.
    expect(JSON.stringify(await thread())).not.toMatch(/lan@example\.com|"user_id"/);
    expect(JSON.stringify(await thread())).not.toContain(reader.id);
  });

  it('hidden and deleted comments vanish, newest first, page by page', async () => {
    h.clock.advance(COMMENTS_PER_USER.windowMs);
    const ids: string[] = [];
    for (const text of ['Một', 'Hai', 'Ba']) {
      h.clock.advance(MINUTE_MS);
      const posted = await comment(other.token, text);
      expect(posted.status).toBe(201);
      ids.push(posted.body.id);
      expect((await moderate('approve', posted.body.id)).status).toBe(200);
    }
    const first = await thread(undefined, '?limit=2');
    expect(first.items.map((item) => item.body)).toEqual(['Ba', 'Hai']);
    expect(first.next_cursor).not.toBeNull();
    const second = await thread(undefined, `?limit=2&cursor=${first.next_cursor}`);
    expect(second.items.map((item) => item.body)).toEqual(['Một', 'Bài viết rất hữu ích, cảm ơn!']);
    expect(second.next_cursor).toBeNull();

    expect((await moderate('hide', ids[1]!)).body.status).toBe('hidden');
    expect(await bodies(other.token)).toEqual(['Ba', 'Một', 'Bài viết rất hữu ích, cảm ơn!']);
    expect((await h.call('DELETE', `/api/admin/blog/comments/${ids[2]}`, { token: admin.token })).status).toBe(204);
    expect(await bodies()).toEqual(['Một', 'Bài viết rất hữu ích, cảm ơn!']);
    expect(await h.call('DELETE', `/api/admin/blog/comments/${ids[2]}`, { token: admin.token })).toMatchObject({
      status: 404,
      body: { code: 'commentNotFound' },
    });
    const hidden = v.parse(ModerationPageSchema, (await h.call('GET', '/api/admin/blog/comments?status=hidden', { token: admin.token })).body);
    expect(hidden.items.map((item) => item.id)).toEqual([ids[1]]);
  });

  it('a banned account cannot comment, and its pending comments are hidden; unbanned, it may again', async () => {
    h.clock.advance(COMMENTS_PER_USER.windowMs);
    const pending = await comment(other.token, 'Chờ duyệt');
    expect(pending.status).toBe(201);
    const banned = await h.call('PUT', `/api/admin/blog/commenters/${other.id}/ban`, { token: admin.token, body: { reason: 'Quảng cáo' } });
    expect(banned).toMatchObject({ status: 200, body: { user_id: other.id, banned: true, hidden_comments: 1 } });
    expect(await bodies(other.token)).not.toContain('Chờ duyệt');
    const refused = await comment(other.token, 'Thử lại');
    expect(refused).toMatchObject({ status: 403, body: { detail: COMMENT_MESSAGES.commenterBanned, code: 'commenterBanned' } });
    const queue = v.parse(ModerationPageSchema, (await h.call('GET', '/api/admin/blog/comments?status=hidden', { token: admin.token })).body);
    expect(queue.items.find((item) => item.id === pending.body.id)?.author.banned).toBe(true);
    // Banning again is harmless; nothing pending is left to hide.
    expect((await h.call('PUT', `/api/admin/blog/commenters/${other.id}/ban`, { token: admin.token, body: {} })).body.hidden_comments).toBe(0);
    expect((await h.call('DELETE', `/api/admin/blog/commenters/${other.id}/ban`, { token: admin.token })).status).toBe(204);
    expect((await comment(other.token, 'Đã được bỏ chặn')).status).toBe(201);
    expect(await h.call('PUT', `/api/admin/blog/commenters/${randomUUID()}/ban`, { token: admin.token, body: {} })).toMatchObject({
      status: 404,
      body: { code: 'userNotFound' },
    });
  });

  it('moderation is for admins only, and nothing changes for anyone else', async () => {
    h.clock.advance(COMMENTS_PER_USER.windowMs);
    const posted = await comment(reader.token, 'Cần duyệt');
    const attempts = [
      () => h.call('GET', '/api/admin/blog/comments', { token: reader.token }),
      () => moderate('approve', posted.body.id, reader.token),
      () => moderate('hide', posted.body.id, reader.token),
      () => h.call('DELETE', `/api/admin/blog/comments/${posted.body.id}`, { token: reader.token }),
      () => h.call('PUT', `/api/admin/blog/commenters/${other.id}/ban`, { token: reader.token, body: {} }),
      () => h.call('DELETE', `/api/admin/blog/commenters/${other.id}/ban`, { token: reader.token }),
    ];
    for (const attempt of attempts) expect((await attempt()).body.code).toBe('accessDenied');
    expect((await h.call('POST', `/api/admin/blog/comments/${posted.body.id}/approve`)).status).toBe(401);
    expect(await bodies()).not.toContain('Cần duyệt');
    expect((await thread(reader.token)).items[0]).toMatchObject({ body: 'Cần duyệt', status: 'pending' });
  });

  it('refuses bad comments with a clear 4xx and writes nothing', async () => {
    h.clock.advance(COMMENTS_PER_USER.windowMs);
    const count = async () =>
      Number(
        (
          await h.database.kysely
            .selectFrom('blog_comments')
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const before = await count();
    expect(await comment(reader.token, '   ')).toMatchObject({ status: 422, body: { code: 'commentRequired' } });
    expect(await comment(reader.token, 'a'.repeat(COMMENT_MAX + 1))).toMatchObject({ status: 422, body: { code: 'commentTooLong' } });
    expect(await comment(reader.token, 42)).toMatchObject({ status: 422 });
    expect(await comment(reader.token, 'x\u0000y')).toMatchObject({ status: 422 });
    expect(await comment(reader.token, 'Không có bài', randomUUID())).toMatchObject({ status: 404, body: { code: 'postNotFound' } });
    expect(await comment(reader.token, 'Sai mã', 'not-a-uuid')).toMatchObject({ status: 404, body: { code: 'postNotFound' } });
    const draft = await insertPost(h.database, { status: 'draft' });
    expect(await comment(reader.token, 'Bản nháp', draft.id)).toMatchObject({ status: 404, body: { code: 'postNotFound' } });
    expect((await h.call('GET', `/api/blog/posts/${draft.id}/comments`)).status).toBe(404);
    expect(await h.call('POST', `/api/blog/posts/${post.id}/comments`, { body: { body: 'Ẩn danh' } })).toMatchObject({ status: 401 });
    expect((await h.call('GET', `/api/blog/posts/${post.id}/comments?cursor=bm90LWEtY3Vyc29y`)).status).toBe(422);
    expect((await h.call('GET', `/api/blog/posts/${post.id}/comments`, { token: 'not.a.token' })).status).toBe(401);
    expect(await count()).toBe(before);
    // Exactly the longest comment passes.
    expect((await comment(reader.token, 'ă'.repeat(COMMENT_MAX))).status).toBe(201);
  });

  it('limits how often one account comments (429, with when to retry)', async () => {
    h.clock.advance(COMMENTS_PER_USER.windowMs);
    for (let i = 0; i < COMMENTS_PER_USER.limit; i++) expect((await comment(reader.token, `Bình luận ${i}`)).status).toBe(201);
    const refused = await comment(reader.token, 'Thêm một');
    expect(refused).toMatchObject({ status: 429, body: { code: 'tooManyComments', detail: COMMENT_MESSAGES.tooManyComments } });
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    // Another account is not held back.
    expect((await comment(admin.token, 'Tôi vẫn viết được')).status).toBe(201);
  });
});
