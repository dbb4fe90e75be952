import type { Catalog } from '../../lib/i18n.ts';

/** The blog pages' own messages (src/locales/{locale}/pages/blog.po), loaded with the page. */
export const BLOG_CATALOG: Catalog = {
  vi: async () => (await import('../../locales/vi/pages/blog.po')).messages,
  en: async () => (await import('../../locales/en/pages/blog.po')).messages,
};
