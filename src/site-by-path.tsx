import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { I18nProvider } from '@lingui/react';
import { activateDefaultLocale, activateLocale, addCatalog, i18n } from './lib/i18n.ts';
import { sitePageForPath, sitePages, type SitePage } from './features/site/pages.ts';
import { splitLocale } from './features/site/paths.ts';
import { SitePageView } from './features/site/SitePageView.tsx';
import { BLOG_CATALOG } from './features/blog/catalog.ts';

/**
 * A public page found by its path and rendered in the browser: the dev server serves the template
 * unrendered (prose pages excepted: vite.config.ts renders those, as the build does). A built page
 * names its module instead (src/site.tsx), so in production this module is never loaded.
 */
export async function startByPath(container: HTMLElement): Promise<void> {
  if (container.dataset.page === 'blog') return startBlog(container);
  const name = sitePageForPath(location.pathname) ?? 'home';
  const { locale } = splitLocale(location.pathname);
  const entry: SitePage = sitePages[name];
  activateDefaultLocale();
  const [page] = await Promise.all([entry.load(), addCatalog(entry.catalog)]);
  if (locale !== 'vi') await activateLocale(locale, { persist: false });
  const app = (
    <StrictMode>
      <I18nProvider i18n={i18n}>
        <SitePageView page={page} locale={locale} transparentHeader={entry.transparentHeader} />
      </I18nProvider>
    </StrictMode>
  );
  // A prose page comes rendered (its text is only in the document): hydrate it.
  if (entry.prose) hydrateRoot(container, app);
  else createRoot(container).render(app);
}

/**
 * A blog page (rendered by the server, server/blog/pages.ts) whose document names no module.
 * This import also keeps the blog's page and catalogs chunks of their own in the build, which
 * scripts/prerender.ts names in the blog's templates.
 */
async function startBlog(container: HTMLElement): Promise<void> {
  const locale = container.dataset.locale === 'en' ? 'en' : 'vi';
  activateDefaultLocale();
  const [page] = await Promise.all([import('./features/blog/BlogPage.tsx'), addCatalog(BLOG_CATALOG)]);
  if (locale !== 'vi') await activateLocale(locale, { persist: false });
  hydrateRoot(
    container,
    <StrictMode>
      <I18nProvider i18n={i18n}>
        <SitePageView page={page} locale={locale} transparentHeader={false} />
      </I18nProvider>
    </StrictMode>,
  );
}
