import { startTransition, StrictMode, type ComponentType } from 'react';
import { hydrateRoot } from 'react-dom/client';
import type { Messages } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import './ui/theme.css.ts';
import { i18n, SITE_CATALOG } from './lib/i18n.ts';
import { registerServiceWorker } from './lib/sw-bridge.ts';
import { swPrompts } from './lib/sw-prompts.ts';
import { SitePageView } from './features/site/SitePageView.tsx';

/**
 * Entry of the pre-rendered public pages: hydrates the page the HTML was rendered from, in the
 * language it was rendered in (its URL's: Vietnamese at the root, English under /en), with React
 * and the page's own code only. The router and the studio load with /app.html.
 *
 * The document names what to load (scripts/prerender.ts writes it on #root and preloads it in the
 * head): the page's module, its catalog and, in English, the shared catalog in English. So this
 * script carries no list of the pages, however many there are.
 */
/** The messages of a built catalog module, by its URL. */
async function messagesOf(url: string | undefined): Promise<Messages> {
  return ((await import(/* @vite-ignore */ url!)) as { messages: Messages }).messages;
}

async function start() {
  const container = document.getElementById('root')!;
  const data = container.dataset;
  // A page that names no built module (the dev server's): found by path (./site-by-path.tsx).
  // The lazy import also keeps every page and catalog a chunk of their own in the build, which
  // scripts/prerender.ts names here.
  if (!data.module) {
    await (await import('./site-by-path.tsx')).startByPath(container);
    return;
  }
  const locale = data.locale === 'en' ? 'en' : 'vi';
  const [page, pageMessages, siteMessages] = await Promise.all([
    import(/* @vite-ignore */ data.module!) as Promise<{ default: ComponentType }>,
    messagesOf(data.catalog),
    locale === 'vi' ? (SITE_CATALOG.vi as Messages) : messagesOf(data.siteCatalog),
  ]);
  i18n.load(locale, { ...siteMessages, ...pageMessages });
  i18n.activate(locale);
  // The page's first Intl.NumberFormat costs 15–30 ms (Chromium lists its available locales on
  // first use), and Lingui makes one for the first plural: inside a component, a step of
  // hydration that cannot yield. Made here, in a task of their own (Lingui keeps the number
  // format), they leave every slice of hydration short.
  i18n.number(0);
  new Intl.PluralRules(locale).select(0);
  await new Promise((resolve) => setTimeout(resolve, 0));

  // As a transition, hydration yields to the browser every few milliseconds instead of holding
  // the main thread for the whole page: the page it hydrates is already painted and readable.
  startTransition(() => {
    hydrateRoot(
      container,
      <StrictMode>
        <I18nProvider i18n={i18n}>
          <SitePageView page={page} locale={locale} transparentHeader={data.transparentHeader !== undefined} />
        </I18nProvider>
      </StrictMode>,
    );
  });
  registerServiceWorker(swPrompts);
}

void start();
