/**
 * Every reference to a section of the docs resolves inside the clone: a comment of the code that
 * names `docs/<page>.md#<anchor>`, and every Markdown link between the README and the docs pages.
 * An anchor is an explicit `<a id="…">` or the slug of a heading (GitHub's rule: lower case,
 * punctuation dropped, spaces to hyphens).
 */
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, posix, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const CODE_FOLDERS = ['src', 'server', 'sw', 'scripts', 'tests'];
const CODE_FILE = /\.(ts|tsx|css|html)$/;
const PAGES = [
  'README.md',
  ...readdirSync(join(ROOT, 'docs'))
    .filter((name) => name.endsWith('.md'))
    .map((name) => `docs/${name}`),
];

function walk(folder: string, into: string[]): string[] {
  for (const name of readdirSync(folder)) {
    const full = join(folder, name);
    if (statSync(full).isDirectory()) walk(full, into);
    else if (CODE_FILE.test(name)) into.push(full);
  }
  return into;
}

const repoPath = (full: string) => relative(ROOT, full).split(sep).join('/');

function slug(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
}

/** The anchors a Markdown page offers. */
function anchorsOf(page: string): Set<string> {
  const text = readFileSync(join(ROOT, page), 'utf8');
  const anchors = new Set<string>();
  for (const match of text.matchAll(/<a id="([^"]+)"><\/a>/g)) anchors.add(match[1]!);
  for (const match of text.matchAll(/^#{1,6} (.+)$/gm)) anchors.add(slug(match[1]!));
  return anchors;
}

interface Reference {
  /** Where it is written: `file:line`. */
  from: string;
  /** The page it names, from the repository's root. */
  page: string;
  anchor: string | null;
}

function lineOf(text: string, offset: number): number {
  return text.slice(0, offset).split('\n').length;
}

/** `docs/<page>.md#<anchor>` in the code's comments and strings. */
function codeReferences(): Reference[] {
  const references: Reference[] = [];
  for (const folder of CODE_FOLDERS) {
    for (const full of walk(join(ROOT, folder), [])) {
      const text = readFileSync(full, 'utf8');
      for (const match of text.matchAll(/\bdocs\/([a-z0-9-]+\.md)#([a-z0-9-]+)/g)) {
        references.push({ from: `${repoPath(full)}:${lineOf(text, match.index)}`, page: `docs/${match[1]}`, anchor: match[2]! });
      }
    }
  }
  return references;
}

/** Markdown links of the README and the docs pages to a file of the repository (`[x](path#anchor)`, `[x](#anchor)`). */
function pageLinks(): Reference[] {
  const references: Reference[] = [];
  for (const page of PAGES) {
    const text = readFileSync(join(ROOT, page), 'utf8');
    for (const match of text.matchAll(/\]\(([^)\s]+)\)/g)) {
      const target = match[1]!;
      if (/^[a-z]+:/i.test(target)) continue; // an address, not a file of the clone
      const [path, anchor] = target.split('#') as [string, string | undefined];
      const resolved = path === '' ? page : posix.normalize(posix.join(dirname(page), path));
      references.push({ from: `${page}:${lineOf(text, match.index)}`, page: resolved, anchor: anchor ?? null });
    }
  }
  return references;
}

function unresolved(references: readonly Reference[]): string[] {
  const anchors = new Map<string, Set<string>>();
  const problems: string[] = [];
  for (const reference of references) {
    let exists = true;
    try {
      statSync(join(ROOT, reference.page));
    } catch {
      exists = false;
    }
    if (!exists) {
      problems.push(`${reference.from}: ${reference.page} does not exist`);
      continue;
    }
    if (reference.anchor === null || !reference.page.endsWith('.md')) continue;
    if (!anchors.has(reference.page)) anchors.set(reference.page, anchorsOf(reference.page));
    if (!anchors.get(reference.page)!.has(reference.anchor)) problems.push(`${reference.from}: ${reference.page} has no anchor #${reference.anchor}`);
  }
  return problems;
}

describe('references to the docs', () => {
  it('reads explicit anchors and heading slugs', () => {
    expect(slug('The page↔worker shared kernel')).toBe('the-pageworker-shared-kernel');
    expect(slug('Your assets (`/your-assets`)')).toBe('your-assets-your-assets');
    expect(anchorsOf('docs/architecture.md').has('kernel')).toBe(true);
  });

  it('finds a planted broken reference', () => {
    expect(unresolved([{ from: 'x.ts:1', page: 'docs/architecture.md', anchor: 'no-such-anchor' }])).toEqual([
      'x.ts:1: docs/architecture.md has no anchor #no-such-anchor',
    ]);
    expect(unresolved([{ from: 'x.ts:1', page: 'docs/missing.md', anchor: null }])).toEqual(['x.ts:1: docs/missing.md does not exist']);
  });

  it('resolves every docs anchor the code cites', () => {
    expect(unresolved(codeReferences())).toEqual([]);
  });

  it('resolves every link of the README and the docs pages inside the repository', () => {
    const links = pageLinks();
    expect(links.length).toBeGreaterThan(0);
    expect(unresolved(links)).toEqual([]);
  });
});
