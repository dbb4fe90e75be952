import { createContext, useContext } from 'react';

/** One entry of a prose page's table of contents (its h2 and h3 headings). */
export interface ProseHeading {
  id: string;
  text: string;
  depth: 2 | 3;
}

/**
 * A prose page's text (the legal pages, the guidelines): Markdown in content/site, rendered to
 * sanitised HTML at build time (scripts/prose-content.ts). The HTML is never in the page's
 * JavaScript: the pre-renderer passes it in, and the browser reads it back from the document it
 * hydrates (readProseFromDocument), so a page of several thousand words costs no script.
 */
export interface ProseData {
  title: string;
  description: string;
  /** When the text last changed (YYYY-MM-DD), shown under the title. */
  updated: string | null;
  html: string;
  toc: ProseHeading[];
}

export const ProseContext = createContext<ProseData | null>(null);

/** What the document being hydrated holds, read once, before React changes anything. */
const fromDocument = { read: false, prose: null as ProseData | null };

function documentProse(): ProseData | null {
  if (!fromDocument.read && typeof document !== 'undefined') {
    const root = document.getElementById('root');
    fromDocument.prose = root ? readProseFromDocument(root) : null;
    fromDocument.read = true;
  }
  return fromDocument.prose;
}

/** The page's text: given by the pre-renderer, else read back from the document being hydrated. */
export function useProse(): ProseData {
  const prose = useContext(ProseContext) ?? documentProse();
  if (!prose) throw new Error('A prose page rendered without its text');
  return prose;
}

/** The marker of the element that holds the text, for readProseFromDocument. */
export const PROSE_BODY_ATTRIBUTE = 'data-prose-body';

/** The text of the pre-rendered page being hydrated, read back from its own markup. */
export function readProseFromDocument(root: ParentNode): ProseData | null {
  const body = root.querySelector<HTMLElement>(`[${PROSE_BODY_ATTRIBUTE}]`);
  if (!body) return null;
  const toc: ProseHeading[] = [];
  for (const heading of body.querySelectorAll<HTMLHeadingElement>('h2[id], h3[id]')) {
    toc.push({ id: heading.id, text: heading.textContent ?? '', depth: heading.tagName === 'H2' ? 2 : 3 });
  }
  return {
    title: root.querySelector('h1')?.textContent ?? '',
    description: document.querySelector('meta[name="description"]')?.getAttribute('content') ?? '',
    updated: root.querySelector('time[data-prose-updated]')?.getAttribute('datetime') ?? null,
    html: body.innerHTML,
    toc,
  };
}
