import { createFileRoute } from '@tanstack/react-router';
import { addCatalog } from '../../lib/i18n.ts';
import { pageCatalogs } from '../../features/site/page-catalogs.ts';
import { PRICING_META } from '../../features/site/pages/pricing/meta.ts';
import PricingPage from '../../features/site/pages/pricing/PricingPage.tsx';

export const Route = createFileRoute('/_site/pricing')({
  staticData: PRICING_META,
  // The page's catalog loader ships with its screen, not in the script every SPA page loads.
  codeSplitGroupings: [['loader', 'component']],
  loader: () => addCatalog(pageCatalogs.pricing),
  component: PricingPage,
});
