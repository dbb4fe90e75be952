import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { I18nProvider } from '@lingui/react';
import { activateDefaultLocale, addCatalog, i18n } from './lib/i18n.ts';
import { documentTitle } from './lib/page-meta.ts';
import { sitePages, type SitePageName } from './features/site/pages.ts';
import { SitePageView } from './features/site/SitePageView.tsx';

/** The pages to render, with their paths and output files (the client's registry has no use for these). */
export { SITE_PAGES as sitePages } from './features/site/paths.ts';

/** Renders one public page to HTML in the source language, for scripts/prerender.ts. */
export async function renderSitePage(name: SitePageName) {
  activateDefaultLocale();
  const [page] = await Promise.all([sitePages[name].load(), addCatalog(sitePages[name].catalog)]);
  const html = renderToString(
    <StrictMode>
      <I18nProvider i18n={i18n}>
        <SitePageView name={name} page={page} />
      </I18nProvider>
    </StrictMode>,
  );
  return {
    html,
    title: documentTitle(i18n, sitePages[name].title),
    description: i18n._(sitePages[name].description),
  };
}
