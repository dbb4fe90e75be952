import { createFileRoute } from '@tanstack/react-router';
import { addCatalog } from '../../../lib/i18n.ts';
import { pageCatalogs } from '../../../features/site/page-catalogs.ts';
import { SERVICES_IMAGE_EDITING_META } from '../../../features/site/pages/services-image-editing/meta.ts';
import ServicesImageEditingPage from '../../../features/site/pages/services-image-editing/ServicesImageEditingPage.tsx';

export const Route = createFileRoute('/_site/services/image-editing')({
  staticData: SERVICES_IMAGE_EDITING_META,
  // The page's catalog loader ships with its screen, not in the script every SPA page loads.
  codeSplitGroupings: [['loader', 'component']],
  loader: () => addCatalog(pageCatalogs.servicesImageEditing),
  component: ServicesImageEditingPage,
});
