import { createFileRoute } from '@tanstack/react-router';
import { msg } from '@lingui/core/macro';
import { PlansSection } from '../../../../features/billing/PlansSection.tsx';
import { StudioPricingScreen } from '../../../../features/billing/StudioPricingScreen.tsx';
import { loadScreenCatalogs } from '../../../../lib/i18n-app.ts';

/**
 * /studio/pricing: the plan, the credits, the packs, the payments and the credit activity (/studio-pricing
 * and /studio/pricing show the same screen), signed in on a tablet or larger (the `_studio` layout's guard).
 */
export const Route = createFileRoute('/_app/_studio/studio/pricing')({
  staticData: { title: msg`Bảng giá và tín dụng` },
  // The plan grid's messages are the public /pricing page's (src/features/billing/pricing-catalog.ts).
  loader: () => Promise.all([loadScreenCatalogs('billing'), import('../../../../features/billing/pricing-catalog.ts').then((m) => m.loadPricingCatalog())]),
  component: StudioPricingRoute,
});

function StudioPricingRoute() {
  return <StudioPricingScreen plans={<PlansSection />} />;
}
