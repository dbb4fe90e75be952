import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { I18nProvider } from '@lingui/react';
import './ui/theme.css.ts';
import { activateDefaultLocale, activateLocale, addCatalog, i18n, readStoredLocale } from './lib/i18n.ts';
import { registerServiceWorker } from './lib/sw-bridge.ts';
import { swPrompts } from './lib/sw-prompts.ts';
import { sitePageForPath, sitePages, type SitePageName } from './features/site/pages.ts';
import { SitePageView } from './features/site/SitePageView.tsx';

/**
 * Entry of the pre-rendered public pages: hydrates the page the HTML was rendered from,
 * with React and the page's own code only. The router and the studio load with /app.html.
 */
async function start() {
  const container = document.getElementById('root')!;
  // data-page is empty in the unrendered template, which only the dev server serves (every page
  // of the build is pre-rendered): the path lookup is left out of the build.
  const name =
    ((container.dataset.page || undefined) as SitePageName | undefined) ?? (import.meta.env.DEV ? sitePageForPath(location.pathname) : undefined) ?? 'home';
  const locale = readStoredLocale();
  activateDefaultLocale();
  const [page] = await Promise.all([
    sitePages[name].load(),
    addCatalog(sitePages[name].catalog).then(() => (locale !== 'vi' ? activateLocale(locale) : undefined)),
  ]);

  const app = (
    <StrictMode>
      <I18nProvider i18n={i18n}>
        <SitePageView name={name} page={page} />
      </I18nProvider>
    </StrictMode>
  );
  if (container.firstElementChild && locale === 'vi') hydrateRoot(container, app);
  else {
    container.textContent = '';
    createRoot(container).render(app);
  }
  registerServiceWorker(swPrompts);
}

void start();
