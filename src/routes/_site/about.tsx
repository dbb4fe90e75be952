import { createFileRoute } from '@tanstack/react-router';
import { addCatalog } from '../../lib/i18n.ts';
import { pageCatalogs } from '../../features/site/page-catalogs.ts';
import { ABOUT_META } from '../../features/site/pages/about/meta.ts';
import AboutPage from '../../features/site/pages/about/AboutPage.tsx';

export const Route = createFileRoute('/_site/about')({
  staticData: ABOUT_META,
  // The page's catalog loader ships with its screen, not in the script every SPA page loads.
  codeSplitGroupings: [['loader', 'component']],
  loader: () => addCatalog(pageCatalogs.about),
  component: AboutPage,
});
