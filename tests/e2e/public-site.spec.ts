import type { APIRequestContext } from '@playwright/test';
import { E2E_BLOG_ADMIN_EMAIL } from '../../playwright.config.ts';
import { PUBLIC_PAGE_PATHS } from '../../src/contract/site-routes.ts';
import { test, expect, VIETNAMESE_LETTERS } from './fixtures.ts';
import { clientAddress, createUser, PASSWORD, signIn, uniqueEmail } from './session.ts';

/**
 * The public site (docs/product-rules.md#routes-public, #blog, #newsletter, #blog-comments): every
 * public route answers 200 with its own content, in both languages; the blog's search, filters,
 * sort and pagination live in the URL; a comment shows only once approved; the newsletter's
 * double opt-in and unsubscribe go through the real mails; a post read once opens offline.
 */

const NOT_FOUND = /Không tìm thấy trang|Page not found/;

/** Pre-rendered or server-rendered: the HTML itself has the page's heading (the sitemap's list). */
const DOCUMENTS = PUBLIC_PAGE_PATHS;

/** Screens of the app reached without signing in. */
const APP_SCREENS = [
  '/test-google-auth',
  '/auth/reset-password',
  '/payment/success',
  '/payment/cancel',
  '/payment/cancelled',
  '/payment/error',
  '/dev-tools',
  '/test',
] as const;

interface OutboxMail {
  to: string;
  subject: string;
  text: string;
}

async function mailTo(request: APIRequestContext, email: string, subject: RegExp): Promise<OutboxMail> {
  let found: OutboxMail | undefined;
  await expect
    .poll(async () => {
      const { mails } = (await (await request.get('/api/dev-tools/outbox')).json()) as { mails: OutboxMail[] };
      found = mails.find((mail) => mail.to.includes(email) && subject.test(mail.subject));
      return Boolean(found);
    })
    .toBe(true);
  return found!;
}

/** The path and query of the mail's link to `path` (the mail names the server's public address). */
function linkIn(mail: OutboxMail, path: string): string {
  const found = new RegExp(`https?://[^\\s"<>]*${path}\\?token=[^\\s"<>]+`).exec(mail.text);
  expect(found, `a ${path} link in "${mail.subject}"`).not.toBeNull();
  const url = new URL(found![0]);
  return `${url.pathname}${url.search}`;
}

test('every public route answers 200 with its own content, in Vietnamese and in English', async ({ page, request }) => {
  const posts = (await (await request.get('/api/blog/posts?locale=vi')).json()) as {
    items: Array<{ slug: string; category: { slug: string }; tags: Array<{ slug: string }> }>;
  };
  const post = posts.items[0]!;
  const blogPaths = [`/blog/${post.slug}`, `/blog/category/${post.category.slug}`, `/blog/tag/${post.tags[0]!.slug}`];
  for (const path of [...DOCUMENTS, ...blogPaths]) {
    const response = await request.get(path, { headers: { accept: 'text/html' } });
    expect(response.status(), path).toBe(200);
    const html = await response.text();
    expect(html, path).toMatch(/<h1[\s>]/);
    expect(html, path).not.toMatch(NOT_FOUND);
  }
  for (const path of DOCUMENTS) {
    const english = path === '/' ? '/en' : `/en${path}`;
    const response = await request.get(english, { headers: { accept: 'text/html' } });
    expect(response.status(), english).toBe(200);
    expect(await response.text(), english).toContain('<html lang="en">');
  }
  for (const path of APP_SCREENS) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(200);
    await expect(page.locator('body')).not.toHaveText(/^\s*$/);
    await expect(page.getByRole('heading', { name: NOT_FOUND })).toHaveCount(0);
  }
});

test('blog search ignores diacritics; filters, sort and page stay in the URL and survive a reload', async ({ page }) => {
  await page.goto('/blog');
  await expect(page.getByTestId('blog-card')).toHaveCount(10);
  // Eleven posts: a second page with the rest.
  await page.getByTestId('blog-next').click();
  await expect(page).toHaveURL(/page=2/);
  await expect(page.getByTestId('blog-card')).toHaveCount(1);

  await page.goto('/blog');
  await page.getByTestId('blog-search').fill('áo dài');
  await page.getByTestId('blog-search').press('Enter');
  await expect(page).toHaveURL(/q=%C3%A1o(\+|%20)d%C3%A0i/);
  const withMarks = await page.getByTestId('blog-card').locator('h2, h3').allTextContents();
  expect(withMarks.length).toBeGreaterThan(0);
  await page.getByTestId('blog-search').fill('ao dai');
  await page.getByTestId('blog-search').press('Enter');
  await expect(page).toHaveURL(/q=ao(\+|%20)dai/);
  expect(await page.getByTestId('blog-card').locator('h2, h3').allTextContents()).toEqual(withMarks);

  await page.goto('/blog');
  await page.getByTestId('blog-category').selectOption({ index: 1 });
  await expect(page).toHaveURL(/category=/);
  await page.getByTestId('blog-sort').selectOption('title-asc');
  await expect(page).toHaveURL(/sort=title-asc/);
  const sorted = await page.getByTestId('blog-card').locator('h2, h3').allTextContents();
  expect(sorted.length).toBeGreaterThan(0);
  expect(sorted).toEqual(sorted.toSorted((a, b) => a.localeCompare(b, 'vi')));
  const url = page.url();
  await page.reload();
  expect(page.url()).toBe(url);
  await expect(page.getByTestId('blog-sort')).toHaveValue('title-asc');
  expect(await page.getByTestId('blog-card').locator('h2, h3').allTextContents()).toEqual(sorted);
});

test('the English service pages give their examples in English, the engine’s words, with no sideways scroll', async ({ page }) => {
  const EXAMPLES = {
    '/en/services/image-editing': ['Brighten, slightly warmer, more vivid and sharpen', 'Remove background'],
    '/en/services/hairstyle-changer': ['Dye it chestnut brown', 'Pastel pink hair'],
    '/en/services/image-to-video': ['Slow zoom in towards the model'],
  };
  for (const width of [360, 390]) {
    await page.setViewportSize({ width, height: 800 });
    for (const [path, prompts] of Object.entries(EXAMPLES)) {
      await page.goto(path);
      const instructions = page.locator('#main blockquote');
      await expect(instructions).toHaveText(prompts.map((prompt) => `“${prompt}”`));
      // A Vietnamese phrase left on an English page says it is one (for readers and screen readers).
      const unmarked = await page
        .locator('#main')
        .evaluate((main) =>
          [...main.querySelectorAll('blockquote, q, code, kbd')].filter((el) => !el.closest('[lang="vi"]')).map((el) => el.textContent ?? ''),
        );
      expect(
        unmarked.filter((text) => VIETNAMESE_LETTERS.test(text)),
        path,
      ).toEqual([]);
      expect(await page.evaluate(() => document.documentElement.scrollWidth), `${path} at ${width}px`).toBeLessThanOrEqual(width);
      const vietnamese = path.slice('/en'.length);
      await page.goto(vietnamese);
      expect(await page.evaluate(() => document.documentElement.scrollWidth), `${vietnamese} at ${width}px`).toBeLessThanOrEqual(width);
    }
  }
});

test('signing in from a post’s comments comes back to them, by email and password', async ({ page, request }) => {
  for (const locale of ['vi', 'en'] as const) {
    const posts = (await (await request.get(`/api/blog/posts?locale=${locale}`)).json()) as { items: Array<{ slug: string }> };
    const post = `${locale === 'en' ? '/en' : ''}/blog/${posts.items[2]!.slug}`;
    const { email } = await createUser(request, `comment-${locale}`);
    await page.goto(post);
    await page.getByTestId('blog-comments').scrollIntoViewIfNeeded();
    await page
      .getByTestId('blog-comments')
      .getByRole('link', { name: locale === 'en' ? 'Sign in' : 'Đăng nhập' })
      .click();
    const modal = page.getByTestId('auth-modal');
    await modal.locator('input[name="email"]').fill(email);
    await modal.locator('input[name="password"]').fill(PASSWORD);
    await modal.getByTestId('auth-submit').click();
    await expect(page).toHaveURL(new RegExp(`${post}#comments$`));
    await expect(page.getByTestId('comment-body')).toBeVisible();
    await page.evaluate(() => localStorage.clear());
  }
});

test('the sign-in page takes no return target off the site', async ({ page, request }) => {
  const { email } = await createUser(request, 'return-target');
  await page.goto(`/auth/sign-in?${new URLSearchParams({ returnTo: '/\\evil.example/blog' })}`);
  const modal = page.getByTestId('auth-modal');
  await modal.locator('input[name="email"]').fill(email);
  await modal.locator('input[name="password"]').fill(PASSWORD);
  await modal.getByTestId('auth-submit').click();
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('a comment shows only after an admin approves it', async ({ page, request, browser }) => {
  const posts = (await (await request.get('/api/blog/posts?locale=vi')).json()) as { items: Array<{ slug: string }> };
  const slug = posts.items[1]!.slug;
  await signIn(page, request);
  await page.goto(`/blog/${slug}`);
  // The thread loads once the reader nears the comments, as a reader scrolling down does.
  await page.getByTestId('blog-comments').scrollIntoViewIfNeeded();
  const text = `Bài viết rất hữu ích, cảm ơn ${Date.now()}`;
  await page.getByTestId('comment-body').fill(text);
  await page.getByTestId('comment-submit').click();
  await expect(page.getByTestId('comment-notice')).toBeVisible();

  // Another reader does not see it while it waits.
  const reader = await browser.newPage();
  await reader.goto(`/blog/${slug}`);
  await reader.getByTestId('blog-comments').scrollIntoViewIfNeeded();
  await expect(reader.getByTestId('comment-list').or(reader.getByTestId('comments-empty'))).toBeVisible();
  await expect(reader.getByText(text)).toHaveCount(0);

  // The moderator approves it through the moderation API.
  const admin = await adminToken(request);
  const queue = (await (await request.get('/api/admin/blog/comments?status=pending', { headers: { Authorization: `Bearer ${admin}` } })).json()) as {
    items: Array<{ id: string; body: string }>;
  };
  const comment = queue.items.find((entry) => entry.body === text);
  expect(comment).toBeDefined();
  expect((await request.post(`/api/admin/blog/comments/${comment!.id}/approve`, { headers: { Authorization: `Bearer ${admin}` } })).ok()).toBe(true);
  await reader.reload();
  await reader.getByTestId('blog-comments').scrollIntoViewIfNeeded();
  await expect(reader.getByText(text)).toBeVisible();
  await reader.close();
});

test('the newsletter confirms and unsubscribes through the mails, one click each', async ({ page, request }) => {
  const posts = (await (await request.get('/api/blog/posts?locale=vi')).json()) as { items: Array<{ slug: string }> };
  await page.setExtraHTTPHeaders({ 'X-Forwarded-For': clientAddress() });
  await page.goto(`/blog/${posts.items[2]!.slug}`);
  const email = uniqueEmail('newsletter');
  await page.getByTestId('newsletter').locator('input[type="email"]').fill(email);
  await page.getByTestId('newsletter-submit').click();
  await expect(page.getByTestId('newsletter-sent')).toBeVisible();

  const confirmation = await mailTo(request, email, /./);
  await page.goto(linkIn(confirmation, '/newsletter/confirm'));
  await page.getByRole('button', { name: 'Xác nhận' }).click();
  await expect(page.getByRole('heading', { name: 'Bạn đã đăng ký thành công' })).toBeVisible();

  let welcome: OutboxMail | undefined;
  await expect
    .poll(async () => {
      const { mails } = (await (await request.get('/api/dev-tools/outbox')).json()) as { mails: OutboxMail[] };
      welcome = mails
        .filter((mail) => mail.to.includes(email))
        .find((mail) => mail.text.includes('/newsletter/unsubscribe') && !mail.text.includes('/newsletter/confirm'));
      return Boolean(welcome);
    })
    .toBe(true);
  await page.goto(linkIn(welcome!, '/newsletter/unsubscribe'));
  await page.getByRole('button', { name: 'Hủy đăng ký' }).click();
  await expect(page.getByRole('heading', { name: 'Bạn đã hủy đăng ký' })).toBeVisible();
});

test('a post read once opens offline', async ({ page, context, request }) => {
  const posts = (await (await request.get('/api/blog/posts?locale=vi')).json()) as { items: Array<{ slug: string; title: string }> };
  const post = posts.items[3]!;
  await page.goto('/blog');
  await page.waitForFunction(() => navigator.serviceWorker?.controller !== null, undefined, { timeout: 60_000 });
  await page.goto(`/blog/${post.slug}`);
  await expect(page.getByRole('heading', { level: 1, name: post.title })).toBeVisible();
  await context.setOffline(true);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: post.title })).toBeVisible();
  await expect(page.getByTestId('blog-toc')).toBeVisible();
  await context.setOffline(false);
});

/** The moderator's token: an account of ADMIN_EMAILS made on first use (a later test run signs it in). */
async function adminToken(request: APIRequestContext): Promise<string> {
  const login = await request.post('/auth/login', { data: { username: E2E_BLOG_ADMIN_EMAIL, password: 'mat-khau-an-toan-1' } });
  if (login.ok()) return ((await login.json()) as { access_token: string }).access_token;
  return (await createUser(request, 'blog-admin', E2E_BLOG_ADMIN_EMAIL)).token;
}
