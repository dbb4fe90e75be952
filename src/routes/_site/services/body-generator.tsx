import { createFileRoute } from '@tanstack/react-router';
import { addCatalog } from '../../../lib/i18n.ts';
import { pageCatalogs } from '../../../features/site/page-catalogs.ts';
import { SERVICES_BODY_GENERATOR_META } from '../../../features/site/pages/services-body-generator/meta.ts';
import ServicesBodyGeneratorPage from '../../../features/site/pages/services-body-generator/ServicesBodyGeneratorPage.tsx';

export const Route = createFileRoute('/_site/services/body-generator')({
  staticData: SERVICES_BODY_GENERATOR_META,
  // The page's catalog loader ships with its screen, not in the script every SPA page loads.
  codeSplitGroupings: [['loader', 'component']],
  loader: () => addCatalog(pageCatalogs.servicesBodyGenerator),
  component: ServicesBodyGeneratorPage,
});
