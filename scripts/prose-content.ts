/**
 * The text of the prose pages (the legal pages, the image-editing guidelines):
 * content/site/<name>.<locale>.md, front matter (`title`, `description`, optional `updated`) then
 * Markdown from `##` down, rendered to sanitised HTML with heading ids and a table of contents.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { parse as parseYaml } from 'yaml';
import type { ProseData } from '../src/features/site/pages/prose/prose-data.ts';
import type { SiteLocale } from '../src/features/site/paths.ts';
import { renderMarkdown } from '../server/blog/markdown.ts';

const FRONT_MATTER = /^---\r?\n([\s\S]*?)\r?\n---\r?\n?/;

/** Splits a Markdown file into its front matter (an object) and its body. */
export function splitFrontMatter(source: string, file: string): { data: Record<string, unknown>; body: string } {
  const match = FRONT_MATTER.exec(source);
  if (!match) throw new Error(`${file}: no front matter (--- title: … description: … ---)`);
  const data = parseYaml(match[1] ?? '') as unknown;
  if (!data || typeof data !== 'object' || Array.isArray(data)) throw new Error(`${file}: the front matter is not a map`);
  return { data: data as Record<string, unknown>, body: source.slice(match[0].length) };
}

function text(data: Record<string, unknown>, key: string, file: string): string {
  const value = data[key];
  if (typeof value !== 'string' || value.trim() === '') throw new Error(`${file}: front matter needs a "${key}"`);
  return value.trim();
}

/** Reads and renders one prose page in one language. */
export async function loadProse(root: string, name: string, locale: SiteLocale, siteOrigin?: string): Promise<ProseData> {
  const file = join('content', 'site', `${name}.${locale}.md`);
  const { data, body } = splitFrontMatter(await readFile(join(root, file), 'utf8'), file);
  const updated = data.updated instanceof Date ? data.updated.toISOString().slice(0, 10) : typeof data.updated === 'string' ? data.updated : null;
  if (updated !== null && !/^\d{4}-\d{2}-\d{2}$/.test(updated)) throw new Error(`${file}: "updated" must be a date (YYYY-MM-DD)`);
  const rendered = renderMarkdown(body, { locale, ...(siteOrigin ? { siteOrigin } : {}) });
  return {
    title: text(data, 'title', file),
    description: text(data, 'description', file),
    updated,
    html: rendered.html,
    toc: rendered.toc,
  };
}
