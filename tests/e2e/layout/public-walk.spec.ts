import type { APIRequestContext, Page } from '@playwright/test';
import { blogCategoryPath, blogPostPath, blogTagPath, type BlogLocaleCode } from '../../../src/contract/blog.ts';
import { PUBLIC_PAGE_PATHS } from '../../../src/contract/site-routes.ts';
import { localizedPath } from '../../../src/features/site/paths.ts';
import { test, expect, useEnglish } from '../fixtures.ts';
import { applyFont, describeFaults, layoutFaults, type WalkFont } from './measure.ts';

/**
 * Every public page, as a reader on a phone or a tablet sees it (docs/product-rules.md#routes-public):
 * no page scrolls sideways, no text spills out of its box or is cut by it, no word is split across
 * lines (tests/e2e/layout/measure.ts). Each page in each language, in the machine's default font and
 * in one with a phone's metrics, at two phone widths and two tablet sizes.
 *
 * The pages come from the site's own lists: the sitemap's (src/contract/site-routes.ts, which the
 * pre-rendered pages and the blog index are held to), the blog's posts, categories and tags as its
 * API lists them, and the public screens that are not documents (signing in, an unknown address).
 * A page added to any of them is walked without a change here.
 *
 * A page is loaded once per language and laid out again at each size by resizing the window, in
 * one font and then the other (no reload).
 */

const SIZES = [
  { width: 360, height: 740 },
  { width: 390, height: 844 },
  { width: 1024, height: 768 },
  { width: 820, height: 1180 },
] as const;

/** Public screens of the app that are not in the sitemap: signing in and the not-found page. */
const SCREENS: Record<BlogLocaleCode, readonly string[]> = {
  vi: ['/auth/sign-in', '/khong-co-trang-nay'],
  en: ['/auth/sign-in', '/en/no-such-page'],
};

interface Listed {
  items: Array<{ slug: string }>;
  total: number;
  page_size: number;
}

/** Every published post of a language, every category and every tag with posts: the blog's own lists. */
async function blogPaths(request: APIRequestContext, locale: BlogLocaleCode): Promise<string[]> {
  const slugs: string[] = [];
  for (let page = 1; ; page++) {
    const listed = (await (await request.get(`/api/blog/posts?locale=${locale}&page=${page}`)).json()) as Listed;
    slugs.push(...listed.items.map((item) => item.slug));
    if (page * listed.page_size >= listed.total) break;
  }
  const terms = async (kind: 'categories' | 'tags') =>
    ((await (await request.get(`/api/blog/${kind}?locale=${locale}`)).json()) as { items: Array<{ slug: string; post_count: number }> }).items.filter(
      (term) => term.post_count > 0,
    );
  expect(slugs.length, `the ${locale} blog's posts`).toBeGreaterThan(0);
  return [
    ...slugs.map((slug) => blogPostPath(locale, slug)),
    ...(await terms('categories')).map((term) => blogCategoryPath(locale, term.slug)),
    ...(await terms('tags')).map((term) => blogTagPath(locale, term.slug)),
  ];
}

/**
 * Lays out every part of the page: the parts below the first screen skip their layout until they
 * near the window (src/features/site/layout/below-the-fold.ts), and clip what overflows them while
 * they do, so a fault there would go unseen.
 */
async function layOutEverything(page: Page) {
  await page.addStyleTag({ content: '* { content-visibility: visible !important; }' });
  await page.evaluate(() => document.fonts.ready);
}

async function open(page: Page, path: string) {
  const response = await page.goto(path);
  // An unknown address answers 404 with its page: nothing to hydrate, but its heading must show.
  if (response?.status() === 404) await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  else expect(response?.status(), path).toBe(200);
}

/** The walk's share of the pages: two per language, so that two workers share four tests. */
const PARTS = 2;
const FONTS = ['default', 'phone'] as const satisfies readonly WalkFont[];

for (const locale of ['vi', 'en'] as const) {
  for (let part = 0; part < PARTS; part++) {
    test(`public pages in ${locale === 'vi' ? 'Vietnamese' : 'English'} fit phones and tablets in both fonts (part ${part + 1} of ${PARTS})`, async ({
      page,
      request,
    }) => {
      // About a minute on a quiet machine; a busy one (the whole suite on two cores) takes longer.
      test.setTimeout(300_000);
      if (locale === 'en') await useEnglish(page);
      const all = [...PUBLIC_PAGE_PATHS.map((path) => localizedPath(path, locale)), ...(await blogPaths(request, locale)), ...SCREENS[locale]];
      const paths = all.filter((_, index) => index % PARTS === part);
      const faults: string[] = [];
      const walked = new Map<string, number>();
      for (const path of paths) {
        await page.setViewportSize(SIZES[0]);
        await open(page, path);
        await layOutEverything(page);
        // One load, both fonts: the machine's, then the phone's, at every size.
        for (const font of FONTS) {
          await applyFont(page, font);
          for (const size of font === FONTS[0] ? SIZES : SIZES.toReversed()) {
            const name = `${size.width}×${size.height}`;
            await page.setViewportSize(size);
            await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
            faults.push(...describeFaults(`${path} at ${name} (${font} font)`, await layoutFaults(page)));
            walked.set(`${name}, ${font} font`, (walked.get(`${name}, ${font} font`) ?? 0) + 1);
          }
        }
      }
      const counts = SIZES.flatMap((size) =>
        FONTS.map((font) => `${size.width}×${size.height}, ${font} font: ${walked.get(`${size.width}×${size.height}, ${font} font`) ?? 0}`),
      ).join('; ');
      const note = `${locale}, part ${part + 1} of ${PARTS} (${paths.length} of ${all.length} pages) — pages walked per size: ${counts}`;
      test.info().annotations.push({ type: 'walked', description: note });
      console.log(`Public walk, ${note}`);
      expect(faults.length, `${faults.length} layout faults:\n${faults.join('\n')}`).toBe(0);
    });
  }
}
