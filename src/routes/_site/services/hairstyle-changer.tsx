import { createFileRoute } from '@tanstack/react-router';
import { addCatalog } from '../../../lib/i18n.ts';
import { pageCatalogs } from '../../../features/site/page-catalogs.ts';
import { SERVICES_HAIRSTYLE_CHANGER_META } from '../../../features/site/pages/services-hairstyle-changer/meta.ts';
import ServicesHairstyleChangerPage from '../../../features/site/pages/services-hairstyle-changer/ServicesHairstyleChangerPage.tsx';

export const Route = createFileRoute('/_site/services/hairstyle-changer')({
  staticData: SERVICES_HAIRSTYLE_CHANGER_META,
  // The page's catalog loader ships with its screen, not in the script every SPA page loads.
  codeSplitGroupings: [['loader', 'component']],
  loader: () => addCatalog(pageCatalogs.servicesHairstyleChanger),
  component: ServicesHairstyleChangerPage,
});
