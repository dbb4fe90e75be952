import { messages as viApp } from '../locales/vi/app.po';
import { registerCatalog } from './i18n.ts';

/** The SPA's own messages (studio, dashboard, shell screens), on top of the site catalog. */
registerCatalog({ vi: viApp, en: async () => (await import('../locales/en/app.po')).messages });
