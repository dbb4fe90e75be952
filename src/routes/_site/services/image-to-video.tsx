import { createFileRoute } from '@tanstack/react-router';
import { addCatalog } from '../../../lib/i18n.ts';
import { pageCatalogs } from '../../../features/site/page-catalogs.ts';
import { SERVICES_IMAGE_TO_VIDEO_META } from '../../../features/site/pages/services-image-to-video/meta.ts';
import ServicesImageToVideoPage from '../../../features/site/pages/services-image-to-video/ServicesImageToVideoPage.tsx';

export const Route = createFileRoute('/_site/services/image-to-video')({
  staticData: SERVICES_IMAGE_TO_VIDEO_META,
  // The page's catalog loader ships with its screen, not in the script every SPA page loads.
  codeSplitGroupings: [['loader', 'component']],
  loader: () => addCatalog(pageCatalogs.servicesImageToVideo),
  component: ServicesImageToVideoPage,
});
