import { addCatalog, type Catalog } from '../../lib/i18n.ts';

/**
 * The plan grid's messages live with the public /pricing page (src/locales/{locale}/pages/pricing.po,
 * which the grid shares with it): /studio-pricing adds that catalog before it renders.
 */
const PRICING_CATALOG: Catalog = {
  vi: async () => (await import('../../locales/vi/pages/pricing.po')).messages,
  en: async () => (await import('../../locales/en/pages/pricing.po')).messages,
};

export const loadPricingCatalog = (): Promise<void> => addCatalog(PRICING_CATALOG);
