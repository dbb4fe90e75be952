import { createContext, useContext } from 'react';
import type { BlogPageData } from '../../contract/blog-pages.ts';

/**
 * A blog page's data (src/contract/blog-pages.ts) in the browser. It gets it back, to hydrate, from the document: a
 * JSON block (`#blog-data`) for the small parts and, for a post, its HTML read from the rendered
 * body itself (like the prose pages: pages/prose/prose-data.ts), so a post's text is never twice
 * in the page and never in its JavaScript.
 */
export type { BlogListBase, BlogListData, BlogNotFoundData, BlogPageData, BlogPostData } from '../../contract/blog-pages.ts';

export const BlogDataContext = createContext<BlogPageData | null>(null);

/** The id of the JSON block and the marker of a post's body. */
export const BLOG_DATA_ID = 'blog-data';
export const BLOG_BODY_ATTRIBUTE = 'data-blog-body';

/** The JSON block's content: the data without the post's HTML; `<` escaped so no text closes the element. */
export function serializeBlogData(data: BlogPageData): string {
  const lean = data.kind === 'post' ? { ...data, post: { ...data.post, html: '' } } : data;
  return JSON.stringify(lean).replace(/</g, '\\u003c');
}

/** The data of the page being hydrated, read once, before React changes anything. */
const fromDocument = { read: false, data: null as BlogPageData | null };

export function readBlogDataFromDocument(root: ParentNode): BlogPageData | null {
  const block = root.querySelector(`#${BLOG_DATA_ID}`) ?? document.getElementById(BLOG_DATA_ID);
  if (!block?.textContent) return null;
  const data = JSON.parse(block.textContent) as BlogPageData;
  if (data.kind === 'post') data.post.html = root.querySelector(`[${BLOG_BODY_ATTRIBUTE}]`)?.innerHTML ?? '';
  return data;
}

function documentData(): BlogPageData | null {
  if (!fromDocument.read && typeof document !== 'undefined') {
    fromDocument.data = readBlogDataFromDocument(document);
    fromDocument.read = true;
  }
  return fromDocument.data;
}

/** The page's data: given by the server's renderer, else read back from the document being hydrated. */
export function useBlogData(): BlogPageData {
  const data = useContext(BlogDataContext) ?? documentData();
  if (!data) throw new Error('A blog page rendered without its data');
  return data;
}
