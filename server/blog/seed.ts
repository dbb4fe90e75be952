/**
 * The seed loader (docs/product-rules.md#blog): the blog's content files become database rows at
 * start-up, idempotently.
 *
 * - `content/blog/taxonomy.yaml`: categories, tags and authors by key (its header comment is the
 *   format); each entry is upserted by key.
 * - `content/blog/posts/<translation key>/{vi,en}.md`: one post per language, YAML front matter
 *   (slug, title, description, category, tags, author, published, optional updated) and a
 *   markdown body; each is saved through the blog service (rendered, counted, sorted, tagged).
 *
 * Every row keeps the sha-256 of the text it was loaded from and its source: a row is written
 * only when its file changed since the last load, and never once an admin has saved it
 * (`source = 'admin'`). A file that is invalid (front matter, unknown key, a slug another post
 * has) is reported in the log with its path and skipped; the rest still loads, and start-up goes
 * on. A slug clash is not resolved by renaming: a slug is a public URL, and the writer fixes it.
 */
import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as v from 'valibot';
import { parse as parseYaml } from 'yaml';
import { BLOG_LOCALES } from '../../src/contract/blog.ts';
import { BlogPostInputSchema, BlogSlugSchema, type BlogPostInput } from '../../src/contract/blog.schema.ts';
import { describeIssues } from '../http/errors.ts';
import type { Logger } from '../logger.ts';
import type { BlogService } from './service.ts';
import type { BlogWriteRepository, WriteOutcome } from './write-repository.ts';

/** The repository's content folder. */
export const BLOG_CONTENT_DIR = fileURLToPath(new URL('../../content/blog/', import.meta.url));

const nonEmpty = v.pipe(v.string(), v.trim(), v.minLength(1));
const TermLocaleSchema = v.object({ slug: BlogSlugSchema, name: nonEmpty, description: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(160))) });
const TermSchema = v.object({ key: BlogSlugSchema, vi: TermLocaleSchema, en: TermLocaleSchema });
const AuthorLocaleSchema = v.object({ slug: BlogSlugSchema, role: nonEmpty, bio: nonEmpty });
const AuthorSchema = v.object({ key: BlogSlugSchema, name: nonEmpty, vi: AuthorLocaleSchema, en: AuthorLocaleSchema });

export const TaxonomyFileSchema = v.object({
  categories: v.array(TermSchema),
  tags: v.array(TermSchema),
  authors: v.array(AuthorSchema),
});

/** A date YAML may have read as a timestamp, back to ISO text. */
const dateText = v.union([
  v.pipe(
    v.date(),
    v.transform((date) => date.toISOString()),
  ),
  v.string(),
]);

const FrontMatterSchema = v.object({
  slug: v.string(),
  title: v.string(),
  description: v.string(),
  category: v.string(),
  tags: v.optional(v.array(v.string()), []),
  author: v.string(),
  published: dateText,
  updated: v.optional(dateText),
});

export interface SeedReport {
  inserted: number;
  updated: number;
  unchanged: number;
  /** Files (or taxonomy entries) not loaded, with why. */
  skipped: { file: string; reason: string }[];
}

export interface SeedDeps {
  service: Pick<BlogService, 'savePost'>;
  writes: BlogWriteRepository;
  logger: Logger;
  /** The folder holding taxonomy.yaml and posts/ (BLOG_CONTENT_DIR by default). */
  contentDir?: string;
  now: () => number;
}

const sha256 = (text: string): string => createHash('sha256').update(text.replace(/\r\n/g, '\n')).digest('hex');

/** Splits `---\nyaml\n---\nbody`; null when the file has no front matter. */
export function splitFrontMatter(text: string): { data: unknown; body: string } | null {
  const normalised = text.replace(/^\uFEFF/, '').replace(/\r\n/g, '\n');
  const match = /^---\n([\s\S]*?)\n---[ \t]*(?:\n|$)/.exec(normalised);
  if (!match) return null;
  return { data: parseYaml(match[1] ?? ''), body: normalised.slice(match[0].length) };
}

/** The post input of one content file, or the reason it is not one. */
export function postInputOf(translationKey: string, locale: string, text: string): BlogPostInput | string {
  let split: ReturnType<typeof splitFrontMatter>;
  try {
    split = splitFrontMatter(text);
  } catch (error) {
    return `front matter is not valid YAML: ${(error as Error).message}`;
  }
  if (!split) return 'the file must start with front matter between --- lines';
  const front = v.safeParse(FrontMatterSchema, split.data);
  if (!front.success) return `front matter: ${describeIssues(front.issues)}`;
  const input = v.safeParse(BlogPostInputSchema, {
    translation_key: translationKey,
    locale,
    slug: front.output.slug,
    title: front.output.title,
    description: front.output.description,
    markdown: split.body,
    category: front.output.category,
    tags: front.output.tags,
    author: front.output.author,
    status: 'published',
    published_at: front.output.published,
    updated_at: front.output.updated ?? null,
  });
  return input.success ? input.output : describeIssues(input.issues);
}

async function exists(file: string): Promise<boolean> {
  return readFile(file).then(
    () => true,
    () => false,
  );
}

export async function seedBlog(deps: SeedDeps): Promise<SeedReport> {
  const dir = deps.contentDir ?? BLOG_CONTENT_DIR;
  const report: SeedReport = { inserted: 0, updated: 0, unchanged: 0, skipped: [] };
  const count = (outcome: WriteOutcome) => void (report[outcome] += 1);
  const skip = (file: string, reason: string) => {
    report.skipped.push({ file, reason });
    deps.logger.error({ file, reason }, `blog content not loaded: ${file}: ${reason}`);
  };
  const now = new Date(deps.now());

  const taxonomyFile = path.join(dir, 'taxonomy.yaml');
  if (!(await exists(taxonomyFile))) {
    deps.logger.info({ dir }, 'no blog content to load');
    return report;
  }
  let taxonomy: v.InferOutput<typeof TaxonomyFileSchema>;
  try {
    const parsed = v.safeParse(TaxonomyFileSchema, parseYaml(await readFile(taxonomyFile, 'utf8')));
    if (!parsed.success) {
      skip(taxonomyFile, describeIssues(parsed.issues));
      return report;
    }
    taxonomy = parsed.output;
  } catch (error) {
    skip(taxonomyFile, `not valid YAML: ${(error as Error).message}`);
    return report;
  }

  const write = async (what: string, run: () => Promise<WriteOutcome>) => {
    try {
      count(await run());
    } catch (error) {
      skip(`${taxonomyFile} (${what})`, (error as Error).message);
    }
  };
  for (const [position, category] of taxonomy.categories.entries()) {
    const row = {
      key: category.key,
      slug_vi: category.vi.slug,
      slug_en: category.en.slug,
      name_vi: category.vi.name,
      name_en: category.en.name,
      description_vi: category.vi.description ?? null,
      description_en: category.en.description ?? null,
      position,
    };
    await write(`category ${category.key}`, () => deps.writes.upsertSeedCategory(row, sha256(JSON.stringify(row)), now));
  }
  for (const tag of taxonomy.tags) {
    const row = { key: tag.key, slug_vi: tag.vi.slug, slug_en: tag.en.slug, name_vi: tag.vi.name, name_en: tag.en.name };
    await write(`tag ${tag.key}`, () => deps.writes.upsertSeedTag(row, sha256(JSON.stringify(row)), now));
  }
  for (const author of taxonomy.authors) {
    const row = {
      key: author.key,
      name: author.name,
      slug_vi: author.vi.slug,
      slug_en: author.en.slug,
      role_vi: author.vi.role,
      role_en: author.en.role,
      bio_vi: author.vi.bio,
      bio_en: author.en.bio,
    };
    await write(`author ${author.key}`, () => deps.writes.upsertSeedAuthor(row, sha256(JSON.stringify(row)), now));
  }

  const postsDir = path.join(dir, 'posts');
  const keys = (await readdir(postsDir, { withFileTypes: true }).catch(() => []))
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .toSorted();
  for (const key of keys) {
    if (!v.is(BlogSlugSchema, key)) {
      skip(path.join(postsDir, key), 'a post folder is named by its translation key: lower-case ASCII letters and digits joined by hyphens');
      continue;
    }
    for (const locale of BLOG_LOCALES) {
      const file = path.join(postsDir, key, `${locale}.md`);
      const text = await readFile(file, 'utf8').catch(() => null);
      if (text === null) continue;
      const hash = sha256(text);
      const state = await deps.writes.postState(key, locale);
      if (state && (state.source !== 'seed' || state.content_hash === hash)) {
        count('unchanged');
        continue;
      }
      const input = postInputOf(key, locale, text);
      if (typeof input === 'string') {
        skip(file, input);
        continue;
      }
      try {
        count((await deps.service.savePost(input, { source: 'seed', contentHash: hash })).outcome);
      } catch (error) {
        skip(file, (error as Error).message);
      }
    }
  }
  deps.logger.info({ inserted: report.inserted, updated: report.updated, unchanged: report.unchanged, skipped: report.skipped.length }, 'blog content loaded');
  return report;
}
