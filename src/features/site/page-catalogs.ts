import type { Catalog } from '../../lib/i18n.ts';
import type { SitePageName, SITE_PAGES } from './paths.ts';

/** The pages whose frame is the shared prose page. */
type ProsePageName = { [K in SitePageName]: (typeof SITE_PAGES)[K] extends { prose: string } ? K : never }[SitePageName];

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
  servicesVirtualTryon: {
    vi: async () => (await import('../../locales/vi/pages/services-virtual-tryon.po')).messages,
    en: async () => (await import('../../locales/en/pages/services-virtual-tryon.po')).messages,
  },
  servicesImageEditing: {
    vi: async () => (await import('../../locales/vi/pages/services-image-editing.po')).messages,
    en: async () => (await import('../../locales/en/pages/services-image-editing.po')).messages,
  },
  servicesImageToVideo: {
    vi: async () => (await import('../../locales/vi/pages/services-image-to-video.po')).messages,
    en: async () => (await import('../../locales/en/pages/services-image-to-video.po')).messages,
  },
  servicesBodyGenerator: {
    vi: async () => (await import('../../locales/vi/pages/services-body-generator.po')).messages,
    en: async () => (await import('../../locales/en/pages/services-body-generator.po')).messages,
  },
  servicesHairstyleChanger: {
    vi: async () => (await import('../../locales/vi/pages/services-hairstyle-changer.po')).messages,
    en: async () => (await import('../../locales/en/pages/services-hairstyle-changer.po')).messages,
  },
  // The prose pages' frame (their text is not in a catalog: see pages/prose/prose-data.ts).
  prose: {
    vi: async () => (await import('../../locales/vi/pages/prose.po')).messages,
    en: async () => (await import('../../locales/en/pages/prose.po')).messages,
  },
} satisfies Record<Exclude<SitePageName, ProsePageName> | 'prose', Catalog>;
