/**
 * The head of a blog page (docs/product-rules.md#public-seo): title and description, canonical
 * link, hreflang alternates (a post's other language has its own slug), Open Graph and Twitter
 * cards (a post's own image, the site's on lists), and JSON-LD: a BreadcrumbList everywhere, a
 * BlogPosting with its image on a post.
 */
import { BLOG_IMAGE_HEIGHT, BLOG_IMAGE_WIDTH, blogCategoryPath, blogIndexPath, blogPostPath, blogTagPath } from '../../contract/blog.ts';
import { escapeAttr, jsonScript, metaTag, OG_IMAGE, OG_LOCALE } from '../site/head-tags.ts';
import type { BlogPageData } from './data.ts';
import { listHref } from './links.ts';

export interface BlogHeadInput {
  data: BlogPageData;
  title: string;
  description: string;
  /** The page's name in a breadcrumb. */
  name: string;
  /** "Home" and "Blog" in the page's language. */
  homeName: string;
  blogName: string;
}

export function blogHeadTags({ data, title, description, name, homeName, blogName }: BlogHeadInput): string {
  const { origin, locale } = data;
  const other = locale === 'vi' ? 'en' : 'vi';
  const abs = (path: string) => `${origin}${path}`;
  const home = locale === 'vi' ? '/' : '/en';
  const canonicalPath =
    data.kind === 'post' ? blogPostPath(locale, data.post.slug) : data.kind === 'list' ? listHref(data.base, locale, { page: data.query.page }) : null;
  // A post has its own preview image (its title, category and language, drawn by the server); lists keep the site's.
  const image = data.kind === 'post' ? { path: data.post.image, width: BLOG_IMAGE_WIDTH, height: BLOG_IMAGE_HEIGHT } : OG_IMAGE;
  const out: string[] = [];
  if (canonicalPath) out.push(`<link rel="canonical" href="${escapeAttr(abs(canonicalPath))}">`);
  // A search, a filter or a sort is not a page of its own for a search engine.
  const filtered =
    data.kind === 'list' &&
    (data.query.q !== '' ||
      data.query.sort !== 'newest' ||
      (data.base.kind !== 'category' && data.query.category) ||
      (data.base.kind !== 'tag' && data.query.tag) ||
      data.query.author);
  if (data.kind === 'not-found' || filtered || (data.kind === 'list' && data.error)) out.push(metaTag('name', 'robots', 'noindex, follow'));
  for (const language of ['vi', 'en'] as const) {
    const path = data.alternates[language];
    if (path) out.push(`<link rel="alternate" hreflang="${language}" href="${escapeAttr(abs(path))}">`);
  }
  const fallback = data.alternates.vi ?? data.alternates.en;
  if (fallback) out.push(`<link rel="alternate" hreflang="x-default" href="${escapeAttr(abs(fallback))}">`);
  out.push(
    metaTag('property', 'og:type', data.kind === 'post' ? 'article' : 'website'),
    metaTag('property', 'og:site_name', 'Atelier'),
    metaTag('property', 'og:title', title),
    metaTag('property', 'og:description', description),
    ...(canonicalPath ? [metaTag('property', 'og:url', abs(canonicalPath))] : []),
    metaTag('property', 'og:image', abs(image.path)),
    metaTag('property', 'og:image:width', image.width),
    metaTag('property', 'og:image:height', image.height),
    ...(data.kind === 'post' ? [metaTag('property', 'og:image:alt', data.post.title)] : []),
    metaTag('property', 'og:locale', OG_LOCALE[locale]),
    ...(data.alternates[other] ? [metaTag('property', 'og:locale:alternate', OG_LOCALE[other])] : []),
  );
  if (data.kind === 'post') {
    const { post } = data;
    out.push(
      metaTag('property', 'article:published_time', post.published_at),
      metaTag('property', 'article:modified_time', post.updated_at),
      metaTag('property', 'article:author', post.author.name),
      metaTag('property', 'article:section', post.category.name),
      ...post.tags.map((tag) => metaTag('property', 'article:tag', tag.name)),
    );
  }
  out.push(
    metaTag('name', 'twitter:card', 'summary_large_image'),
    metaTag('name', 'twitter:title', title),
    metaTag('name', 'twitter:description', description),
    metaTag('name', 'twitter:image', abs(image.path)),
    ...(data.kind === 'post' ? [metaTag('name', 'twitter:image:alt', data.post.title)] : []),
  );
  if (data.kind === 'not-found') return out.join('\n    ');

  const trail = [
    { name: homeName, path: home },
    { name: blogName, path: blogIndexPath(locale) },
  ];
  if (data.kind === 'post') {
    trail.push({ name: data.post.category.name, path: blogCategoryPath(locale, data.post.category.slug) });
    trail.push({ name, path: blogPostPath(locale, data.post.slug) });
  } else if (data.base.kind === 'category') trail.push({ name, path: blogCategoryPath(locale, data.base.slug) });
  else if (data.base.kind === 'tag') trail.push({ name, path: blogTagPath(locale, data.base.slug) });
  out.push(
    jsonScript({
      '@context': 'https://schema.org',
      '@type': 'BreadcrumbList',
      itemListElement: trail.map((item, index) => ({ '@type': 'ListItem', position: index + 1, name: item.name, item: abs(item.path) })),
    }),
  );
  if (data.kind === 'post') {
    const { post } = data;
    const url = abs(blogPostPath(locale, post.slug));
    out.push(
      jsonScript({
        '@context': 'https://schema.org',
        '@type': 'BlogPosting',
        headline: post.title,
        description: post.description,
        url,
        mainEntityOfPage: { '@type': 'WebPage', '@id': url },
        image: { '@type': 'ImageObject', url: abs(image.path), width: image.width, height: image.height },
        inLanguage: locale,
        datePublished: post.published_at,
        dateModified: post.updated_at,
        wordCount: post.word_count,
        timeRequired: `PT${post.reading_minutes}M`,
        articleSection: post.category.name,
        keywords: post.tags.map((tag) => tag.name).join(', '),
        author: { '@type': 'Person', name: post.author.name, jobTitle: post.author.role },
        publisher: {
          '@type': 'Organization',
          '@id': `${origin}/#organization`,
          name: 'Atelier',
          logo: { '@type': 'ImageObject', url: `${origin}/icons/icon-512.png` },
        },
      }),
    );
  }
  return out.join('\n    ');
}
