import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { setupI18n, type I18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { catalogMessages, SITE_CATALOG } from './lib/i18n.ts';
import { documentTitle, SITE_NAME } from './lib/page-meta.ts';
import { sitePages, type SitePage, type SitePageName } from './features/site/pages.ts';
import type { SiteLocale } from './features/site/paths.ts';
import { SitePageView } from './features/site/SitePageView.tsx';
import type { ProseData } from './features/site/pages/prose/prose-data.ts';

/** The pages to render, with their paths and output files (the client's registry has no use for these). */
export { SITE_PAGES as sitePages } from './features/site/paths.ts';

/** The document title and description of a page. */
function pageMeta(entry: SitePage, i18n: I18n, prose: ProseData | null) {
  if (entry.prose) return { title: prose ? `${prose.title} · ${SITE_NAME}` : SITE_NAME, description: prose?.description ?? '' };
  return { title: documentTitle(i18n, entry.title), description: i18n._(entry.description) };
}

/**
 * Renders one public page to HTML in `locale`, for scripts/prerender.ts; a prose page gets its
 * text. Each page gets an i18n instance of its own with the `site` catalog and the page's, as
 * src/site.tsx loads them in the browser: the same message may read differently in two catalogs.
 */
export async function renderSitePage(name: SitePageName, locale: SiteLocale = 'vi', prose: ProseData | null = null) {
  const entry: SitePage = sitePages[name];
  const [page, messages] = await Promise.all([entry.load(), catalogMessages([SITE_CATALOG, entry.catalog], locale)]);
  const i18n = setupI18n({ locale, messages: { [locale]: messages } });
  const html = renderToString(
    <StrictMode>
      <I18nProvider i18n={i18n}>
        <SitePageView page={page} locale={locale} transparentHeader={entry.transparentHeader} prose={prose} />
      </I18nProvider>
    </StrictMode>,
  );
  return { html, transparentHeader: entry.transparentHeader, ...pageMeta(entry, i18n, prose) };
}

/**
 * The not-found page in `locale`, for the server's answer to an unknown address in that language
 * (scripts/prerender.ts): its messages are in the `site` catalog, which every page loads.
 */
export async function renderNotFoundPage(locale: SiteLocale) {
  const [page, messages] = await Promise.all([import('./features/site/NotFoundPage.tsx'), catalogMessages([SITE_CATALOG], locale)]);
  const i18n = setupI18n({ locale, messages: { [locale]: messages } });
  const html = renderToString(
    <StrictMode>
      <I18nProvider i18n={i18n}>
        <SitePageView page={page} locale={locale} transparentHeader={false} />
      </I18nProvider>
    </StrictMode>,
  );
  return { html, title: documentTitle(i18n, page.NOT_FOUND_TITLE), description: i18n._(page.NOT_FOUND_LEAD) };
}
