import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { setupI18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { catalogMessages, SITE_CATALOG } from './lib/i18n.ts';
import { SITE_NAME } from './lib/page-meta.ts';
import { SitePageView } from './features/site/SitePageView.tsx';
import BlogPage from './features/blog/BlogPage.tsx';
import { BLOG_CATALOG } from './features/blog/catalog.ts';
import { BlogDataContext, serializeBlogData, type BlogPageData } from './features/blog/data.ts';
import { blogHeadTags } from './features/blog/head.ts';
import { BLOG_DESCRIPTION, BLOG_NAME, categoryTitle, HOME_NAME, NOT_FOUND_TITLE, pageSuffix, searchTitle, tagTitle } from './features/blog/titles.ts';

export type { BlogPageData } from './features/blog/data.ts';
export { BLOG_DATA_ID } from './features/blog/data.ts';

export interface RenderedBlogPage {
  /** The page inside the site's layout, for #root. */
  html: string;
  /** The document's <title> text and meta description. */
  title: string;
  description: string;
  /** Tags for the head (canonical, hreflang, Open Graph, Twitter, JSON-LD), already escaped. */
  head: string;
  /** The JSON the browser hydrates from (src/features/blog/data.ts), for a `type="application/json"` script. */
  json: string;
}

/**
 * Renders one blog page (server/blog/pages.ts calls it with what it read from the database): the
 * page in the site's layout, with an i18n instance of its own holding exactly the `site` and
 * `blog` catalogs in the page's language, as src/site.tsx loads them in the browser.
 */
export async function renderBlogPage(data: BlogPageData): Promise<RenderedBlogPage> {
  const { locale } = data;
  const messages = await catalogMessages([SITE_CATALOG, BLOG_CATALOG], locale);
  const i18n = setupI18n({ locale, messages: { [locale]: messages } });
  const html = renderToString(
    <StrictMode>
      <I18nProvider i18n={i18n}>
        <BlogDataContext.Provider value={data}>
          <SitePageView page={{ default: BlogPage }} locale={locale} transparentHeader={false} />
        </BlogDataContext.Provider>
      </I18nProvider>
    </StrictMode>,
  );
  const blogName = i18n._(BLOG_NAME);
  let name = blogName;
  let description = i18n._(BLOG_DESCRIPTION);
  if (data.kind === 'post') {
    name = data.post.title;
    description = data.post.description;
  } else if (data.kind === 'not-found') {
    name = i18n._(NOT_FOUND_TITLE);
  } else if (data.result?.category) {
    name = i18n._(categoryTitle(data.result.category.name));
  } else if (data.result?.tag) {
    name = i18n._(tagTitle(data.result.tag.name));
  }
  let title = name;
  if (data.kind === 'list' && data.query.q) title = `${i18n._(searchTitle(data.query.q))} · ${title}`;
  if (data.kind === 'list' && data.query.page > 1) title = `${title}, ${i18n._(pageSuffix(data.query.page))}`;
  title = `${title} · ${SITE_NAME}`;
  const head = blogHeadTags({ data, title, description, name, homeName: i18n._(HOME_NAME), blogName });
  return { html, title, description, head, json: serializeBlogData(data) };
}
