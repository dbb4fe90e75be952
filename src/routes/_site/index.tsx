import { createFileRoute } from '@tanstack/react-router';
import { addCatalog } from '../../lib/i18n.ts';
import { SITE_DESCRIPTION } from '../../lib/page-meta.ts';
import { pageCatalogs } from '../../features/site/page-catalogs.ts';
import HomePage from '../../features/site/pages/home/HomePage.tsx';

export const Route = createFileRoute('/_site/')({
  // The site's default title; the site's description.
  staticData: { description: SITE_DESCRIPTION },
  // The page's catalog loader ships with its screen, not in the script every SPA page loads.
  codeSplitGroupings: [['loader', 'component']],
  loader: () => addCatalog(pageCatalogs.home),
  component: HomePage,
});
