import { createFileRoute } from '@tanstack/react-router';
import { addCatalog } from '../../lib/i18n.ts';
import { pageCatalogs } from '../../features/site/page-catalogs.ts';
import { PRICING_META } from '../../features/site/pages/pricing/meta.ts';
import PricingPage from '../../features/site/pages/pricing/PricingPage.tsx';

export const Route = createFileRoute('/_site/pricing')({
  staticData: PRICING_META,
  loader: () => addCatalog(pageCatalogs.pricing),
  component: PricingPage,
});
