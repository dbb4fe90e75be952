import type { ComponentType } from 'react';
import type { MessageDescriptor } from '@lingui/core';
import type { Catalog } from '../../lib/i18n.ts';
import { SITE_DESCRIPTION } from '../../lib/page-meta.ts';
import type { SitePageName } from './paths.ts';
import { pageCatalogs } from './page-catalogs.ts';
import { ABOUT_META } from './pages/about/meta.ts';
import { PRICING_META } from './pages/pricing/meta.ts';
import { CONTACT_META } from './pages/contact/meta.ts';
import { API_DOCS_META } from '../api-docs/meta.ts';

export { sitePageForPath, type SitePageName } from './paths.ts';

/**
 * The pre-rendered public pages. Each is rendered to HTML at build time (scripts/prerender.ts)
 * and hydrated by src/site.tsx without the router; the SPA renders the same components on its
 * own routes (src/routes/_site/*), which read the pages' titles (meta.ts) and catalogs
 * (page-catalogs.ts) without this registry: its loaders are only for src/site.tsx and the
 * pre-renderer.
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
    transparentHeader: true,
    // The site's default title (spelled out so every entry has the same shape for its readers).
    title: undefined,
    // The site's description (the SPA's default too): its text is in `site`, which every page loads.
    description: SITE_DESCRIPTION,
    load: () => import('./pages/home/HomePage.tsx'),
    catalog: pageCatalogs.home,
  },
  about: {
    transparentHeader: false,
    // In the page's catalog (see meta.ts), not in `site`.
    ...ABOUT_META,
    load: () => import('./pages/about/AboutPage.tsx'),
    catalog: pageCatalogs.about,
  },
  pricing: {
    transparentHeader: false,
    // In the page's catalog (see meta.ts), not in `site`.
    ...PRICING_META,
    load: () => import('./pages/pricing/PricingPage.tsx'),
    catalog: pageCatalogs.pricing,
  },
  contact: {
    transparentHeader: false,
    // In the page's catalog (see meta.ts), not in `site`.
    ...CONTACT_META,
    load: () => import('./pages/contact/ContactPage.tsx'),
    catalog: pageCatalogs.contact,
  },
  // The public API's documentation (docs/product-rules.md#api-docs): a feature folder of its own,
  // with its catalog beside the site pages' ones.
  apiDocs: {
    // The title and description, from the page's catalog (see meta.ts).
    ...API_DOCS_META,
    transparentHeader: false,
    load: () => import('../api-docs/ApiDocsPage.tsx'),
    catalog: pageCatalogs.apiDocs,
  },
} satisfies Record<SitePageName, SitePage>;

