import { useEffect } from 'react';
import { useLingui } from '@lingui/react';
import { SiteLayout } from './layout/SiteLayout.tsx';
import { LazyToaster } from '../../ui/LazyToaster.tsx';
import { documentTitle } from '../../lib/page-meta.ts';
import { sitePages, type SitePageModule, type SitePageName } from './pages.ts';

/** A public page in its layout, as pre-rendered and as hydrated by src/site.tsx. */
export function SitePageView({ name, page }: { name: SitePageName; page: SitePageModule }) {
  const { i18n } = useLingui();
  const Page = page.default;
  const meta = sitePages[name];
  const title = documentTitle(i18n, meta.title);
  const description = i18n._(meta.description);
  useEffect(() => {
    // Keeps the head in step when the reader switches language.
    document.title = title;
    document.querySelector('meta[name="description"]')?.setAttribute('content', description);
    delete document.documentElement.dataset.relocalize;
  }, [title, description]);
  return (
    <>
      <SiteLayout transparentHeader={sitePages[name].transparentHeader}>
        <Page />
      </SiteLayout>
      <LazyToaster />
    </>
  );
}
