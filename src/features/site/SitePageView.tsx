import { useEffect, useMemo, type ComponentType } from 'react';
import { SiteLayout } from './layout/SiteLayout.tsx';
import { LazyToaster } from '../../ui/LazyToaster.tsx';
import { HrefResolverProvider } from '../../ui/link.tsx';
import { siteHrefResolver } from './layout/link-resolver.ts';
import type { SiteLocale } from './paths.ts';
import { ProseContext, type ProseData } from './pages/prose/prose-data.ts';

interface SitePageViewProps {
  page: { default: ComponentType };
  /** The language of the document (its URL): links of the layout stay in it. */
  locale: SiteLocale;
  /** The home page starts with a transparent header over its hero. */
  transparentHeader: boolean;
  /** The text of a prose page, when the renderer has it (the pre-renderer; the browser reads it from the page). */
  prose?: ProseData | null;
}

/**
 * A public page in its layout, as pre-rendered and as hydrated by src/site.tsx. Its title and
 * description are in the document already, and another language is another document, so
 * nothing here touches the head.
 */
export function SitePageView({ page, locale, transparentHeader, prose = null }: SitePageViewProps) {
  const Page = page.default;
  const resolveHref = useMemo(() => siteHrefResolver(locale), [locale]);
  // The page answers clicks from here on: its handlers are attached. Before, a pre-rendered page
  // only reads; the e2e tests wait for this mark before they press anything.
  useEffect(() => {
    document.documentElement.setAttribute('data-hydrated', '');
  }, []);
  return (
    <HrefResolverProvider value={resolveHref}>
      <ProseContext.Provider value={prose}>
        <SiteLayout transparentHeader={transparentHeader}>
          <Page />
        </SiteLayout>
      </ProseContext.Provider>
      <LazyToaster />
    </HrefResolverProvider>
  );
}
