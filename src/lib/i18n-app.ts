import { messages as viApp } from '../locales/vi/app.po';
import { addCatalog } from './i18n.ts';

/** The SPA's own messages (studio, dashboard, shell screens), on top of the site catalog. */
// Added before the first activation, so the bundled Vietnamese loads synchronously with the rest.
void addCatalog({ vi: viApp, en: async () => (await import('../locales/en/app.po')).messages });
