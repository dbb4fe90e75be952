/**
 * A post's markdown rendered once, on save (docs/product-rules.md#blog): GitHub-flavoured
 * markdown → sanitised HTML, the table of contents, and the plain text that search and the
 * reading time use.
 *
 * Safety, in depth: raw HTML in the markdown is never parsed into the tree (remark-rehype drops
 * it: `allowDangerousHtml` stays off), and the HTML tree is then sanitised with GitHub's schema
 * (rehype-sanitize's default: no script, style, iframe or form element, no `on*` or `style`
 * attribute, links and images only over http(s), mailto and the like, so no `javascript:` URL).
 * Two changes to that schema, both for trusted attributes this module adds itself:
 * - ids are not prefixed ("clobbered"): the only ids in the tree are the heading ids set below
 *   (ASCII slugs) and the footnotes' (which remark-rehype already prefixes with `user-content-`),
 *   none written by the author, and the table of contents links to them as they are;
 * - external links get `rel` and `target` after sanitising, on the hrefs the sanitiser kept.
 *
 * Headings: a `#` in the body becomes an h2 (the page's title is its only h1); every heading gets
 * an id, the ASCII slug of its text without diacritics (đ → d), made unique within the post with
 * `-2`, `-3`…; the table of contents lists the h2 and h3 headings in order.
 */
import type { Element, ElementContent, Root, RootContent } from 'hast';
import { toString as hastToString } from 'hast-util-to-string';
import rehypeSanitize, { defaultSchema, type Options as SanitizeSchema } from 'rehype-sanitize';
import rehypeStringify from 'rehype-stringify';
import remarkGfm from 'remark-gfm';
import remarkParse from 'remark-parse';
import remarkRehype from 'remark-rehype';
import { unified, type Processor } from 'unified';
import type { BlogLocale, BlogTocEntry } from '../db/schema-blog.ts';
import { asciiSlug } from './text.ts';

export interface RenderedMarkdown {
  /** Sanitised HTML of the body. */
  html: string;
  /** The h2 and h3 headings, in document order. */
  toc: BlogTocEntry[];
  /** The body's text, blocks separated by a space (search and reading time). */
  text: string;
}

export interface RenderOptions {
  locale: BlogLocale;
  /**
   * The site's own origin (`https://atelier.example`): absolute links to it are not external.
   * Root-relative links (`/pricing`) never are.
   */
  siteOrigin?: string;
}

/** What an external link opens with: a new tab that cannot reach back, no referrer, no endorsement. */
export const EXTERNAL_LINK_REL = 'noopener noreferrer nofollow';

/** Id of a heading whose text leaves no ASCII letter or digit (e.g. only emoji). */
const FALLBACK_HEADING_ID = 'muc';

/** The footnotes' heading, which the page reads in its own language. */
const FOOTNOTE_LABELS: Readonly<Record<BlogLocale, { label: string; back: string }>> = {
  vi: { label: 'Chú thích', back: 'Quay lại nội dung' },
  en: { label: 'Footnotes', back: 'Back to content' },
};

const SANITIZE_SCHEMA: SanitizeSchema = {
  ...defaultSchema,
  clobber: [],
  // Removed with their content, should one ever reach the tree.
  strip: ['script', 'style', 'iframe', 'object', 'embed', 'template', 'noscript'],
};

/** Elements whose text runs on with the text around it; any other element separates words. */
const INLINE_ELEMENTS: ReadonlySet<string> = new Set([
  'a',
  'abbr',
  'b',
  'code',
  'del',
  'em',
  'i',
  'ins',
  'kbd',
  'mark',
  'q',
  's',
  'samp',
  'small',
  'span',
  'strike',
  'strong',
  'sub',
  'sup',
  'u',
]);

function isElement(node: RootContent | ElementContent | Root): node is Element {
  return node.type === 'element';
}

function* elements(node: Root | Element): Generator<Element> {
  for (const child of node.children) {
    if (isElement(child)) {
      yield child;
      yield* elements(child);
    }
  }
}

/** Gives every heading a unique ASCII id and turns h1 into h2. */
function headingIds() {
  return (tree: Root) => {
    const used = new Set<string>();
    for (const element of elements(tree)) {
      if (typeof element.properties['id'] === 'string') used.add(element.properties['id']);
    }
    for (const element of elements(tree)) {
      if (!/^h[1-6]$/.test(element.tagName)) continue;
      // The footnotes' own heading already has its id, and is not part of the outline.
      if (element.properties['id'] !== undefined) continue;
      if (element.tagName === 'h1') element.tagName = 'h2';
      const text = hastToString(element).replace(/\s+/g, ' ').trim();
      const base = asciiSlug(text) || FALLBACK_HEADING_ID;
      let id = base;
      for (let n = 2; used.has(id); n++) id = `${base}-${n}`;
      used.add(id);
      element.properties['id'] = id;
    }
  };
}

/** The h2 and h3 headings of the body, in order; the footnotes' section is not part of it. */
function tableOfContents(tree: Root): BlogTocEntry[] {
  const toc: BlogTocEntry[] = [];
  const walk = (node: Root | Element): void => {
    for (const child of node.children) {
      if (!isElement(child)) continue;
      if (child.tagName === 'section' && child.properties['dataFootnotes'] !== undefined) continue;
      const id = child.properties['id'];
      if ((child.tagName === 'h2' || child.tagName === 'h3') && typeof id === 'string') {
        toc.push({ id, text: hastToString(child).replace(/\s+/g, ' ').trim(), depth: child.tagName === 'h2' ? 2 : 3 });
      } else walk(child);
    }
  };
  walk(tree);
  return toc;
}

/** `rel` and `target` on links that leave the site (run after the sanitiser, on the hrefs it kept). */
function externalLinks(siteOrigin: string | undefined) {
  return (tree: Root) => {
    for (const element of elements(tree)) {
      const href = element.tagName === 'a' ? element.properties['href'] : undefined;
      if (typeof href !== 'string' || !/^https?:\/\//i.test(href)) continue;
      if (siteOrigin && new URL(href).origin === siteOrigin) continue;
      element.properties['rel'] = EXTERNAL_LINK_REL.split(' ');
      element.properties['target'] = '_blank';
    }
  };
}

/** The text of a tree, with a space wherever a block (paragraph, cell, list item, break) ends. */
function plainText(tree: Root): string {
  const parts: string[] = [];
  const walk = (node: Root | Element): void => {
    for (const child of node.children) {
      if (child.type === 'text') parts.push(child.value);
      else if (isElement(child)) {
        const block = !INLINE_ELEMENTS.has(child.tagName);
        if (block) parts.push(' ');
        walk(child);
        if (block) parts.push(' ');
      }
    }
  };
  walk(tree);
  return parts.join('').replace(/\s+/g, ' ').trim();
}

type HtmlProcessor = Processor<import('mdast').Root, import('mdast').Root, Root, Root, string>;

const processors = new Map<string, HtmlProcessor>();

function processorFor(options: RenderOptions): HtmlProcessor {
  const cacheKey = `${options.locale} ${options.siteOrigin ?? ''}`;
  const cached = processors.get(cacheKey);
  if (cached) return cached;
  const labels = FOOTNOTE_LABELS[options.locale];
  const processor = unified()
    .use(remarkParse)
    .use(remarkGfm)
    .use(remarkRehype, { footnoteLabel: labels.label, footnoteBackLabel: labels.back })
    .use(headingIds)
    .use(rehypeSanitize, SANITIZE_SCHEMA)
    .use(externalLinks, options.siteOrigin)
    .use(rehypeStringify)
    .freeze() as unknown as HtmlProcessor;
  processors.set(cacheKey, processor);
  return processor;
}

/** Renders a post's markdown (see the module header). Pure: the same input gives the same output. */
export function renderMarkdown(markdown: string, options: RenderOptions): RenderedMarkdown {
  const processor = processorFor(options);
  const tree = processor.runSync(processor.parse(markdown));
  return { html: processor.stringify(tree), toc: tableOfContents(tree), text: plainText(tree) };
}
