/**
 * The image-editing guides (content/site/guidelines-{image-editing,basic,advanced}.{vi,en}.md)
 * checked against the local engine's parser: every instruction a guide shows does what the guide
 * says it does, so a guide cannot teach a word the engine does not know.
 *
 * The convention the guides are written in (a writer adding an example keeps to it):
 * - Inline code (`…`) in these pages is used for one thing only: an instruction exactly as a
 *   person would type it into the studio's description box, for the LOCAL engine. Free-form
 *   requests for the provider's models, separators ("và", "then"), button labels and the like are
 *   written in quotes or bold, never in backticks. No code blocks, no backticks in headings.
 * - The block an instruction sits in (its table row; else its list item; else its paragraph)
 *   says what the engine does with it, by a marker in the block's text outside the backticks:
 *   - no marker, or ✓: understood entirely: at least one edit (or a grid), no part skipped;
 *   - ⚠: partly understood: at least one edit, and a part the engine skips;
 *   - ✗: not understood at all: no edit and no grid, so the job is refused (credits returned).
 *   A block carries one kind of marker at most.
 * - All instructions in one table row give exactly the same edits (ops, amounts, order) and grid
 *   flag: a row pairs a Vietnamese and an English wording, or an instruction and what the engine
 *   takes it for (| `xoay 45` | `rotate 45` | `xoay 90` |).
 * - A guide's Vietnamese and English pages show the same instructions.
 * - The basic guide shows, in each language, every operation of the vocabulary and the grid.
 *
 * The pages are parsed with the same Markdown reader (remark with GFM) the site renders them with.
 */
import { readFileSync } from 'node:fs';
import type { Nodes, Root, RootContent } from 'mdast';
import remarkGfm from 'remark-gfm';
import remarkParse from 'remark-parse';
import { unified } from 'unified';
import { describe, expect, it } from 'vitest';
import { parse as parseYaml } from 'yaml';
import { parseEdits, type Edit } from '../../../src/contract/edit-vocabulary.ts';

const CONTENT = new URL('../../../content/site/', import.meta.url);
const PAGES = ['guidelines-image-editing', 'guidelines-basic', 'guidelines-advanced'] as const;
const LOCALES = ['vi', 'en'] as const;
type Locale = (typeof LOCALES)[number];

/** Every op of the vocabulary; the type below fails the typecheck when the engine gains one. */
const ALL_OPS = [
  'brightness',
  'contrast',
  'saturation',
  'warmth',
  'grayscale',
  'sepia',
  'invert',
  'autoLevels',
  'sharpen',
  'blur',
  'crop',
  'rotate',
  'flip',
  'removeBackground',
  'resize',
] as const;
const everyOpListed: [Exclude<Edit['op'], (typeof ALL_OPS)[number]>] extends [never] ? true : false = true;

/** The site paths of the three guides, per locale (content-format: English pages under /en). */
const GUIDE_PATHS = ['/guidelines/image-editing', '/guidelines/image-editing/basic', '/guidelines/image-editing/advanced'];
/** Studio screens: one path whatever the language (the language is the person's setting). */
const APP_PATHS = ['/image-editing', '/hairstyle-changer', '/your-assets', '/history'];
/** Description length for search results, characters (content-format). */
const MAX_DESCRIPTION_CHARS = 160;

const MARKERS = { understood: '✓', partly: '⚠', refused: '✗' } as const;
type Expectation = keyof typeof MARKERS;

interface Instruction {
  text: string;
  expect: Expectation;
  /** The table row it sits in (its instructions must agree), or null outside tables. */
  row: number | null;
  line: number;
}

interface Guide {
  frontMatter: Record<string, unknown>;
  tree: Root;
  body: string;
}

function readGuide(source: string): Guide {
  const match = /^---\n([\s\S]*?)\n---\n/.exec(source);
  const frontMatter = (match ? parseYaml(match[1]!) : {}) as Record<string, unknown>;
  const body = match ? source.slice(match[0].length) : source;
  return { frontMatter, body, tree: unified().use(remarkParse).use(remarkGfm).parse(body) };
}

/** The text of a node without its inline code (where markers are looked for). */
function proseOf(node: Nodes): string {
  if (node.type === 'inlineCode') return '';
  if ('value' in node) return node.value;
  return 'children' in node ? node.children.map((child) => proseOf(child as Nodes)).join(' ') : '';
}

/** Every instruction of a guide with what the guide says of it; `problems` gets convention breaches. */
function instructionsOf(tree: Root, problems: string[]): Instruction[] {
  const found: Instruction[] = [];
  let rows = 0;
  const visit = (node: Nodes, block: { node: Nodes; row: number | null } | null) => {
    if (node.type === 'code') problems.push(`line ${node.position?.start.line}: a code block (write instructions inline)`);
    if (node.type === 'html') problems.push(`line ${node.position?.start.line}: raw HTML`);
    let current = block;
    if (node.type === 'tableRow') current = { node, row: ++rows };
    else if (node.type === 'listItem' && current?.row == null) current = { node, row: null };
    else if ((node.type === 'paragraph' || node.type === 'heading') && current === null) current = { node, row: null };
    if (node.type === 'inlineCode') {
      const line = node.position?.start.line ?? 0;
      if (block?.node.type === 'heading') problems.push(`line ${line}: \`${node.value}\` in a heading`);
      const prose = block ? proseOf(block.node) : '';
      const kinds = (Object.keys(MARKERS) as Expectation[]).filter((kind) => prose.includes(MARKERS[kind]));
      if (kinds.length > 1) problems.push(`line ${line}: one block with markers ${kinds.map((kind) => MARKERS[kind]).join(' ')}`);
      found.push({ text: node.value, expect: kinds[0] ?? 'understood', row: block?.row ?? null, line });
      return;
    }
    if ('children' in node) for (const child of node.children) visit(child as Nodes, current);
  };
  for (const child of tree.children) visit(child as RootContent, null);
  return found;
}

/** What the engine makes of an instruction, comparable with another's. */
const reading = (text: string) => {
  const { edits, grid } = parseEdits(text);
  return { edits, grid };
};

/** Breaches of the convention: each instruction against its marker, each table row for agreement. */
function checkInstructions(instructions: readonly Instruction[]): string[] {
  const problems: string[] = [];
  for (const { text, expect: expectation, line } of instructions) {
    const { edits, grid, ignored } = parseEdits(text);
    const acts = edits.length > 0 || grid;
    const ok = expectation === 'understood' ? acts && ignored.length === 0 : expectation === 'refused' ? !acts : acts && ignored.length > 0;
    if (!ok) problems.push(`line ${line}: \`${text}\` is shown as ${expectation}, but the engine reads ${JSON.stringify({ edits, grid, ignored })}`);
  }
  const byRow = Map.groupBy(
    instructions.filter((instruction) => instruction.row !== null),
    (instruction) => instruction.row,
  );
  for (const row of byRow.values()) {
    const [first, ...others] = row;
    for (const other of others) {
      if (JSON.stringify(reading(other.text)) !== JSON.stringify(reading(first!.text))) {
        problems.push(`line ${other.line}: \`${other.text}\` and \`${first!.text}\` share a table row but the engine reads them differently`);
      }
    }
  }
  return problems;
}

/** Breaches of the agreed content format (front matter, headings, links). */
function formatProblems(guide: Guide, locale: Locale): string[] {
  const problems: string[] = [];
  const { title, description } = guide.frontMatter;
  if (typeof title !== 'string' || title.trim() === '') problems.push('no title');
  if (typeof description !== 'string' || description.trim() === '') problems.push('no description');
  else if ([...description].length > MAX_DESCRIPTION_CHARS) problems.push(`description of ${[...description].length} characters`);
  const first = guide.tree.children[0];
  if (first?.type !== 'heading' || first.depth !== 2) problems.push('the body does not start with a ## heading');
  const prefix = locale === 'en' ? '/en' : '';
  const walk = (node: Nodes) => {
    if (node.type === 'heading' && (node.depth < 2 || node.depth > 3)) problems.push(`line ${node.position?.start.line}: a level-${node.depth} heading`);
    if (node.type === 'link') {
      const url = node.url;
      const internal = url.startsWith('/');
      const known =
        GUIDE_PATHS.some((path) => url === `${prefix}${path}` || url.startsWith(`${prefix}${path}#`)) || APP_PATHS.includes(url) || url === `${prefix}/pricing`;
      if (internal && !known) problems.push(`line ${node.position?.start.line}: link to ${url}`);
      if (!internal && !url.startsWith('https://')) problems.push(`line ${node.position?.start.line}: link to ${url} (not root-relative)`);
    }
    if ('children' in node) for (const child of node.children) walk(child as Nodes);
  };
  walk(guide.tree);
  return problems;
}

const guides = new Map(
  PAGES.flatMap((page) =>
    LOCALES.map((locale) => {
      const name = `${page}.${locale}.md`;
      return [name, { page, locale, guide: readGuide(readFileSync(new URL(name, CONTENT), 'utf8')) }] as const;
    }),
  ),
);

/** The instructions a guide shows, with what it says of each, sorted and without repeats. */
function shown(name: string): string[] {
  const instructions = instructionsOf(guides.get(name)!.guide.tree, []);
  return [...new Set(instructions.map((i) => `${i.expect} ${i.text}`))].toSorted();
}

describe('the image-editing guides', () => {
  it('lists every op of the vocabulary in ALL_OPS', () => {
    expect(everyOpListed).toBe(true);
  });

  for (const [name, { locale, guide }] of guides) {
    describe(`${name}`, () => {
      it('follows the content format', () => {
        expect(formatProblems(guide, locale)).toEqual([]);
      });

      it('shows only instructions the local engine reads as the guide says', () => {
        const problems: string[] = [];
        const instructions = instructionsOf(guide.tree, problems);
        // A guide of one screen has a handful; the basic and advanced ones are mostly tables.
        expect(instructions.length).toBeGreaterThanOrEqual(name.startsWith('guidelines-image-editing') ? 4 : 40);
        expect([...problems, ...checkInstructions(instructions)]).toEqual([]);
      });
    });
  }

  for (const page of PAGES) {
    it(`${page}: the Vietnamese and English pages show the same instructions`, () => {
      expect(shown(`${page}.en.md`)).toEqual(shown(`${page}.vi.md`));
    });
  }

  for (const locale of LOCALES) {
    it(`guidelines-basic.${locale}.md shows every operation and the grid`, () => {
      const understood = instructionsOf(guides.get(`guidelines-basic.${locale}.md`)!.guide.tree, []).filter((i) => i.expect === 'understood');
      const readings = understood.map((i) => parseEdits(i.text));
      const ops = new Set(readings.flatMap((r) => r.edits.map((edit) => edit.op)));
      expect([...ops].toSorted()).toEqual([...ALL_OPS].toSorted());
      expect(readings.some((r) => r.grid)).toBe(true);
    });
  }
});

/** Every breach of the convention in a Markdown text. */
function check(markdown: string): string[] {
  const problems: string[] = [];
  const instructions = instructionsOf(readGuide(markdown).tree, problems);
  return [...problems, ...checkInstructions(instructions)];
}

describe('the check itself', () => {
  it('passes a guide that tells the truth', () => {
    const markdown = [
      '## Ví dụ',
      '',
      '| Tiếng Việt | English | Kết quả |',
      '| --- | --- | --- |',
      '| `tăng sáng` | `brighter` | ✓ +20% |',
      '| `làm ảnh đẹp hơn` | `make it pop` | ✗ bị từ chối |',
      '| `tăng sáng, thêm chiếc mũ` | `brighter, add a hat` | ⚠ chỉ tăng sáng |',
      '| `xoay 45` | `xoay 90` | xoay 90° |',
      '',
      '- ✓ `cắt 1:1 rồi đen trắng`',
    ].join('\n');
    expect(check(markdown)).toEqual([]);
  });

  it('fails a word the engine does not know, shown as understood', () => {
    expect(check('## A\n\n- ✓ `làm đẹp da`')).toHaveLength(1);
    expect(check('## A\n\n| a | b |\n| --- | --- |\n| `tăng sáng` | `polish` |')).not.toEqual([]);
  });

  it('fails a refused example the engine understands, and a partial one it refuses', () => {
    expect(check('## A\n\n- ✗ `đen trắng`')).toHaveLength(1);
    expect(check('## A\n\n- ⚠ `thêm chiếc mũ`')).toHaveLength(1);
  });

  it('fails a row whose wordings the engine reads differently', () => {
    expect(check('## A\n\n| a | b |\n| --- | --- |\n| `xoay phải` | `rotate left` |')).toHaveLength(1);
  });

  it('fails instructions in code blocks and headings, and two markers in one block', () => {
    expect(check('## A `đen trắng`')).toHaveLength(1);
    expect(check('## A\n\n```\nđen trắng\n```')).toHaveLength(1);
    expect(check('## A\n\n- ✓ ✗ `đen trắng`')).not.toEqual([]);
  });
});
