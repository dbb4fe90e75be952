import { createFileRoute } from '@tanstack/react-router';
import { addCatalog } from '../../../lib/i18n.ts';
import { pageCatalogs } from '../../../features/site/page-catalogs.ts';
import { SERVICES_VIRTUAL_TRYON_META } from '../../../features/site/pages/services-virtual-tryon/meta.ts';
import ServicesVirtualTryonPage from '../../../features/site/pages/services-virtual-tryon/ServicesVirtualTryonPage.tsx';

export const Route = createFileRoute('/_site/services/virtual-tryon')({
  staticData: SERVICES_VIRTUAL_TRYON_META,
  // The page's catalog loader ships with its screen, not in the script every SPA page loads.
  codeSplitGroupings: [['loader', 'component']],
  loader: () => addCatalog(pageCatalogs.servicesVirtualTryon),
  component: ServicesVirtualTryonPage,
});
