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
import { SERVICES_VIRTUAL_TRYON_META } from './pages/services-virtual-tryon/meta.ts';
import { SERVICES_IMAGE_EDITING_META } from './pages/services-image-editing/meta.ts';
import { SERVICES_IMAGE_TO_VIDEO_META } from './pages/services-image-to-video/meta.ts';
import { SERVICES_BODY_GENERATOR_META } from './pages/services-body-generator/meta.ts';
import { SERVICES_HAIRSTYLE_CHANGER_META } from './pages/services-hairstyle-changer/meta.ts';

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

interface SitePageBase {
  /** The home page starts with a transparent header over its hero. */
  transparentHeader: boolean;
  load: () => Promise<SitePageModule>;
  /** The page's own messages (src/locales/{locale}/pages/<name>.po), loaded with the page. */
  catalog: Catalog;
}

/** A page whose text is in its component and catalog. */
export interface ComposedSitePage extends SitePageBase {
  prose?: false;
  /** Without a title the site's default title is used (the home page). */
  title?: MessageDescriptor;
  description: MessageDescriptor;
}

/** A prose page: its title, description and text come from its content file (pages/prose/prose-data.ts). */
export interface ProseSitePage extends SitePageBase {
  prose: true;
}

export type SitePage = ComposedSitePage | ProseSitePage;

/** The shared entry of every prose page. */
const PROSE_PAGE: ProseSitePage = {
  prose: true,
  transparentHeader: false,
  load: () => import('./pages/prose/ProsePage.tsx'),
  catalog: pageCatalogs.prose,
};

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
  // The service landing pages: one template (./landing), each page's words in its own folder and catalog.
  servicesVirtualTryon: {
    transparentHeader: false,
    ...SERVICES_VIRTUAL_TRYON_META,
    load: () => import('./pages/services-virtual-tryon/ServicesVirtualTryonPage.tsx'),
    catalog: pageCatalogs.servicesVirtualTryon,
  },
  servicesImageEditing: {
    transparentHeader: false,
    ...SERVICES_IMAGE_EDITING_META,
    load: () => import('./pages/services-image-editing/ServicesImageEditingPage.tsx'),
    catalog: pageCatalogs.servicesImageEditing,
  },
  servicesImageToVideo: {
    transparentHeader: false,
    ...SERVICES_IMAGE_TO_VIDEO_META,
    load: () => import('./pages/services-image-to-video/ServicesImageToVideoPage.tsx'),
    catalog: pageCatalogs.servicesImageToVideo,
  },
  servicesBodyGenerator: {
    transparentHeader: false,
    ...SERVICES_BODY_GENERATOR_META,
    load: () => import('./pages/services-body-generator/ServicesBodyGeneratorPage.tsx'),
    catalog: pageCatalogs.servicesBodyGenerator,
  },
  servicesHairstyleChanger: {
    transparentHeader: false,
    ...SERVICES_HAIRSTYLE_CHANGER_META,
    load: () => import('./pages/services-hairstyle-changer/ServicesHairstyleChangerPage.tsx'),
    catalog: pageCatalogs.servicesHairstyleChanger,
  },
  terms: PROSE_PAGE,
  privacy: PROSE_PAGE,
  shipping: PROSE_PAGE,
  warranty: PROSE_PAGE,
  guidelinesImageEditing: PROSE_PAGE,
  guidelinesBasic: PROSE_PAGE,
  guidelinesAdvanced: PROSE_PAGE,
} satisfies Record<SitePageName, SitePage>;
