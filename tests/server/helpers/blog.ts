/**
 * A blog to test against: a migrated test database with the fixture content
 * (tests/server/fixtures/blog) loaded, twenty extra Vietnamese posts for pagination, a draft and
 * a scheduled post that must never show, and the app around it, all at a fixed "now".
 */
import { join } from 'node:path';
import type { Hono } from 'hono';
import type { BlogPostInput } from '../../../src/contract/blog.schema.ts';
import { createBlog, loadBlogContent, type Blog } from '../../../server/blog/index.ts';
import type { AppEnv } from '../../../server/http/types.ts';
import { createTestApp } from './app.ts';
import { createTestDatabase, type TestDatabase } from './database.ts';
import { silentLogger } from './logs.ts';

export const BLOG_FIXTURES = join(import.meta.dirname, '..', 'fixtures', 'blog');
export const PUBLIC_URL = 'https://atelier.example';
/** The clock of every blog test. */
export const NOW = Date.parse('2026-11-27T12:00:00+07:00');
/** Extra Vietnamese posts (untagged, in selling-online, by thu-ha): 5 fixture posts + these = 25. */
export const EXTRA_POSTS = 20;

export interface BlogHarness {
  test: TestDatabase;
  app: Hono<AppEnv>;
  blog: Blog;
  dispose(): Promise<void>;
}

/** A valid post input, for tests to vary. */
export function postInput(overrides: Partial<BlogPostInput> = {}): BlogPostInput {
  return {
    translation_key: 'extra-post',
    locale: 'vi',
    slug: 'bai-them',
    title: 'Bài thêm',
    description: 'Một bài thêm cho kiểm thử.',
    markdown: '## Mở đầu\n\nNội dung của bài.',
    category: 'selling-online',
    tags: [],
    author: 'thu-ha',
    status: 'published',
    published_at: '2026-06-01T08:00:00+07:00',
    updated_at: null,
    ...overrides,
  };
}

const now = () => NOW;

export async function createBlogHarness(): Promise<BlogHarness> {
  const test = await createTestDatabase({ migrated: true });
  const logger = silentLogger();
  const report = await loadBlogContent({ database: test.database, logger, now, publicUrl: PUBLIC_URL, contentDir: BLOG_FIXTURES });
  if (report.skipped.length > 0) throw new Error(`fixture content not loaded: ${JSON.stringify(report.skipped)}`);
  const blog = createBlog({ database: test.database, logger, now, publicUrl: PUBLIC_URL });
  for (let n = 1; n <= EXTRA_POSTS; n++) {
    const number = String(n).padStart(2, '0');
    await blog.service.savePost(
      postInput({
        translation_key: `extra-${number}`,
        slug: `meo-so-${number}`,
        title: `Mẹo số ${number}`,
        markdown: `## Mẹo\n\nMẹo bán hàng số ${number}.`,
        published_at: new Date(Date.parse('2026-06-01T08:00:00+07:00') + n * 86_400_000).toISOString(),
      }),
    );
  }
  await blog.service.savePost(postInput({ translation_key: 'draft-post', slug: 'ban-nhap', title: 'Áo dài bản nháp', status: 'draft', published_at: null }));
  await blog.service.savePost(
    postInput({ translation_key: 'scheduled-post', slug: 'sap-dang', title: 'Áo dài sắp đăng', published_at: '2026-12-24T08:00:00+07:00' }),
  );
  const app = createTestApp({ database: test.database, now, env: { PUBLIC_URL } });
  return { test, app, blog, dispose: () => test.dispose() };
}

/** GET of the app, as JSON (typed as the caller expects: the tests check the shape). */
export async function getJson<T = Record<string, unknown>>(app: Hono<AppEnv>, path: string): Promise<{ status: number; body: T; headers: Headers }> {
  const response = await app.request(path);
  return { status: response.status, body: (await response.json()) as T, headers: response.headers };
}
