import type { ComponentType } from 'react';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { Catalog } from '../../lib/i18n.ts';
import { SITE_PAGES, type SitePageName } from './paths.ts';
import { PRICING_META } from './pages/pricing/meta.ts';
import { API_DOCS_META } from '../api-docs/meta.ts';

export { sitePageForPath, type SitePageName } from './paths.ts';

/**
 * The pre-rendered public pages. Each is rendered to HTML at build time (scripts/prerender.ts)
 * and hydrated by src/site.tsx without the router; the SPA renders the same components on its
 * own routes (src/routes/_site/*).
 */
export interface SitePageModule {
  default: ComponentType;
}

export interface SitePage {
  /** The home page starts with a transparent header over its hero. */
  transparentHeader: boolean;
  /** Without a title the site's default title is used (the home page). */
  title?: MessageDescriptor;
  description: MessageDescriptor;
  load: () => Promise<SitePageModule>;
  /** The page's own messages (src/locales/{locale}/pages/<name>.po), loaded with the page. */
  catalog: Catalog;
}

export const sitePages = {
  home: {
    ...SITE_PAGES.home,
    transparentHeader: true,
    // The site's default title (spelled out so every entry has the same shape for its readers).
    title: undefined,
    description: msg`Atelier là studio AI cho người bán hàng online, salon và thương hiệu thời trang: thử đồ ảo, chỉnh sửa ảnh, tạo người mẫu, đổi kiểu tóc, ảnh thành video và làm nét ảnh.`,
    load: () => import('./pages/home/HomePage.tsx'),
    catalog: {
      vi: async () => (await import('../../locales/vi/pages/home.po')).messages,
      en: async () => (await import('../../locales/en/pages/home.po')).messages,
    },
  },
  about: {
    ...SITE_PAGES.about,
    transparentHeader: false,
    title: msg`Về Atelier`,
    description: msg`Câu chuyện, sứ mệnh và đội ngũ đứng sau Atelier — studio AI giúp người bán hàng và salon Việt tạo hình ảnh đẹp, nhanh và tiết kiệm.`,
    load: () => import('./pages/about/AboutPage.tsx'),
    catalog: {
      vi: async () => (await import('../../locales/vi/pages/about.po')).messages,
      en: async () => (await import('../../locales/en/pages/about.po')).messages,
    },
  },
  pricing: {
    ...SITE_PAGES.pricing,
    transparentHeader: false,
    // In the page's catalog (see meta.ts), not in `site`.
    title: PRICING_META.title,
    description: PRICING_META.description,
    load: () => import('./pages/pricing/PricingPage.tsx'),
    catalog: {
      vi: async () => (await import('../../locales/vi/pages/pricing.po')).messages,
      en: async () => (await import('../../locales/en/pages/pricing.po')).messages,
    },
  },
  // The public API's documentation (docs/product-rules.md#api-docs): a feature folder of its own,
  // with its catalog beside the site pages' ones.
  apiDocs: {
    ...SITE_PAGES.apiDocs,
    // The title and description, from the page's catalog (see meta.ts).
    ...API_DOCS_META,
    transparentHeader: false,
    load: () => import('../api-docs/ApiDocsPage.tsx'),
    catalog: {
      vi: async () => (await import('../../locales/vi/pages/api-docs.po')).messages,
      en: async () => (await import('../../locales/en/pages/api-docs.po')).messages,
    },
  },
} satisfies Record<SitePageName, SitePage & { path: string; file: string }>;

