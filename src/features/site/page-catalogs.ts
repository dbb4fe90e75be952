import type { Catalog } from '../../lib/i18n.ts';
import type { SitePageName } from './paths.ts';

/**
 * Each public page's own messages (src/locales/{locale}/pages/<name>.po), loaded with the page.
 * Apart from the page registry (pages.ts): the SPA's routes of these pages need the catalogs and
 * the titles, not the registry's page loaders, which only the pre-rendered pages' entry runs, so
 * the registry stays out of the script the SPA and the public pages share.
 */
export const pageCatalogs = {
  home: {
    vi: async () => (await import('../../locales/vi/pages/home.po')).messages,
    en: async () => (await import('../../locales/en/pages/home.po')).messages,
  },
  about: {
    vi: async () => (await import('../../locales/vi/pages/about.po')).messages,
    en: async () => (await import('../../locales/en/pages/about.po')).messages,
  },
  pricing: {
    vi: async () => (await import('../../locales/vi/pages/pricing.po')).messages,
    en: async () => (await import('../../locales/en/pages/pricing.po')).messages,
  },
  contact: {
    vi: async () => (await import('../../locales/vi/pages/contact.po')).messages,
    en: async () => (await import('../../locales/en/pages/contact.po')).messages,
  },
  apiDocs: {
    vi: async () => (await import('../../locales/vi/pages/api-docs.po')).messages,
    en: async () => (await import('../../locales/en/pages/api-docs.po')).messages,
  },
} satisfies Record<SitePageName, Catalog>;
