import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse as parseYaml } from 'yaml';
import { BLOG_CONTENT_DIR, splitFrontMatter } from '../server/blog/seed.ts';
import { BLOG_ROUTES, BUDGETS, KB, LEGACY_STUDIO_ROUTES, STUDIO_ROUTES, checkBudgets, formatResults, type Budget, type RouteMeasure } from './js-budgets.ts';

const budgets: Budget[] = [
  { route: '/', limit: 90 * KB, signedIn: false },
  { route: '/virtual-tryon', limit: 200 * KB, signedIn: true },
];

const measure = (route: string, ...sizes: number[]): RouteMeasure => ({
  route,
  files: sizes.map((bytes, i) => ({ path: `/assets/chunk-${i}.js`, bytes })),
});

describe('checkBudgets', () => {
  it('passes routes at or under their budget', () => {
    const results = checkBudgets([measure('/', 60 * KB, 30 * KB), measure('/virtual-tryon', 150 * KB, 50 * KB)], budgets);
    expect(results.map((r) => [r.route, r.bytes, r.ok])).toEqual([
      ['/', 90 * KB, true],
      ['/virtual-tryon', 200 * KB, true],
    ]);
  });

  it('fails a route one byte over its budget, and names its largest files first', () => {
    const results = checkBudgets([measure('/', 10 * KB), measure('/virtual-tryon', 20 * KB, 150 * KB, 30 * KB + 1)], budgets);
    const tryOn = results.find((r) => r.route === '/virtual-tryon')!;
    expect(tryOn.ok).toBe(false);
    expect(tryOn.bytes).toBe(200 * KB + 1);
    expect(tryOn.files.map((f) => f.bytes)).toEqual([150 * KB, 30 * KB + 1, 20 * KB]);
    expect(results.find((r) => r.route === '/')!.ok).toBe(true);
    const [, line] = formatResults(results, { largest: 2 });
    expect(line).toContain('OVER');
    expect(line).toContain('chunk-1.js 150.0 KB, chunk-2.js 30.0 KB, +1 more');
  });

  it('refuses a budgeted route that was not measured', () => {
    expect(() => checkBudgets([measure('/', 1)], budgets)).toThrow('/virtual-tryon');
  });

  it('holds "/" to 90 KB and every studio route to 203 KB', () => {
    expect(BUDGETS.find((b) => b.route === '/')).toMatchObject({ limit: 90 * KB, signedIn: false });
    for (const route of [...STUDIO_ROUTES, ...LEGACY_STUDIO_ROUTES])
      expect(BUDGETS.find((b) => b.route === route)).toMatchObject({ limit: 203 * KB, signedIn: true });
  });

  it('holds the blog’s pages to 90 KB, measured as the server renders them', () => {
    for (const route of BLOG_ROUTES) expect(BUDGETS.find((b) => b.route === route)).toMatchObject({ limit: 90 * KB, signedIn: false, serverRendered: true });
    expect(BUDGETS.filter((b) => b.serverRendered).map((b) => b.route)).toEqual([...BLOG_ROUTES]);
  });

  it('measures blog pages the seeds create: /blog, a category of the taxonomy and a post', async () => {
    const posts = join(BLOG_CONTENT_DIR, 'posts');
    const slugs: string[] = [];
    for (const folder of await readdir(posts)) {
      const front = splitFrontMatter(await readFile(join(posts, folder, 'vi.md'), 'utf8'));
      if (!front) throw new Error(`${folder}/vi.md has no front matter`);
      slugs.push((front.data as { slug: string }).slug);
    }
    const taxonomy = parseYaml(await readFile(join(BLOG_CONTENT_DIR, 'taxonomy.yaml'), 'utf8')) as { categories: Array<{ vi: { slug: string } }> };
    const categories = taxonomy.categories.map((category) => category.vi.slug);
    const [index, category, post] = BLOG_ROUTES;
    expect(index).toBe('/blog');
    expect(categories).toContain(category.replace(/^\/blog\/category\//, ''));
    expect(slugs).toContain(post.replace(/^\/blog\//, ''));
  });
});
