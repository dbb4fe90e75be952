import type { BlogListQuery } from '../../contract/blog.schema.ts';
import { blogCategoryPath, blogIndexPath, blogTagPath, type BlogLocaleCode } from '../../contract/blog.ts';
import type { BlogListBase } from './data.ts';

/** The path of a list (without its query): /blog, a category's or a tag's, in `locale`. */
export function listBasePath(base: BlogListBase, locale: BlogLocaleCode): string {
  if (base.kind === 'category') return blogCategoryPath(locale, base.slug);
  if (base.kind === 'tag') return blogTagPath(locale, base.slug);
  return blogIndexPath(locale);
}

/**
 * A list's URL with the query's non-default values only (so /blog stays /blog): what the search
 * form's GET produces too, which keeps every link and every reload the same page.
 */
export function listHref(base: BlogListBase, locale: BlogLocaleCode, query: Partial<Omit<BlogListQuery, 'locale'>>): string {
  const params = new URLSearchParams();
  if (query.q) params.set('q', query.q);
  // On a category's or a tag's page that filter is the path itself.
  if (query.category && base.kind !== 'category') params.set('category', query.category);
  if (query.tag && base.kind !== 'tag') params.set('tag', query.tag);
  if (query.author) params.set('author', query.author);
  if (query.sort && query.sort !== 'newest') params.set('sort', query.sort);
  if (query.page && query.page > 1) params.set('page', String(query.page));
  const search = params.toString();
  return `${listBasePath(base, locale)}${search ? `?${search}` : ''}`;
}
