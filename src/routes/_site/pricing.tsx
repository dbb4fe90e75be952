import { createFileRoute } from '@tanstack/react-router';
import { addCatalog } from '../../lib/i18n.ts';
import { sitePages } from '../../features/site/pages.ts';
import PricingPage from '../../features/site/pages/pricing/PricingPage.tsx';

export const Route = createFileRoute('/_site/pricing')({
  staticData: { title: sitePages.pricing.title, description: sitePages.pricing.description },
  loader: () => addCatalog(sitePages.pricing.catalog),
  component: PricingPage,
});
