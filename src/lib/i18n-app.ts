import type { Messages } from '@lingui/core';
import { messages as viApp } from '../locales/vi/app.po';
import { addCatalog, type Catalog } from './i18n.ts';

/** The SPA's own messages (studio, dashboard, shell screens), on top of the site catalog. */
// Added before the first activation, so the bundled Vietnamese loads synchronously with the rest.
void addCatalog({ vi: viApp, en: async () => (await import('../locales/en/app.po')).messages });

/**
 * The screens with a catalog of their own (src/locales/{locale}/app/<name>.po, the list is in
 * lingui.config.ts): the SPA's first load carries none of them; the screen's route loader (or the
 * lazy import of a component that shows it) loads it before it renders.
 */
export type AppScreenCatalog =
  | 'dashboard'
  | 'history'
  | 'profile'
  | 'library'
  | 'share-target'
  | 'admin'
  | 'dev-tools'
  | 'device-check'
  | 'auth'
  | 'asset-dialogs'
  | 'tutorial'
  | 'billing'
  | 'tokens'
  | 'engine-plan';

interface PoModule {
  messages: Messages;
}

const vi = import.meta.glob<PoModule>('../locales/vi/app/*.po');
const en = import.meta.glob<PoModule>('../locales/en/app/*.po');
const screenCatalogs = new Map<AppScreenCatalog, Catalog>();

function load(modules: Record<string, () => Promise<PoModule>>, locale: 'vi' | 'en', name: AppScreenCatalog) {
  return async () => {
    const loader = modules[`../locales/${locale}/app/${name}.po`];
    if (!loader) throw new Error(`no ${locale} catalog for the screen ${name}`);
    return (await loader()).messages;
  };
}

/** Loads the messages of the screens `names` in the active language (and in every later one). */
export async function loadScreenCatalogs(...names: AppScreenCatalog[]): Promise<void> {
  await Promise.all(
    names.map((name) => {
      let catalog = screenCatalogs.get(name);
      if (!catalog) {
        // One object per screen: addCatalog ignores a catalog it already has.
        catalog = { vi: load(vi, 'vi', name), en: load(en, 'en', name) };
        screenCatalogs.set(name, catalog);
      }
      return addCatalog(catalog);
    }),
  );
}

/**
 * A lazy component's loader that also loads its screens' messages: for `React.lazy`, so a dialog
 * or an overlay whose texts live in a catalog of their own never renders before they are there.
 */
export function withScreenCatalogs<T>(loadModule: () => Promise<T>, ...names: AppScreenCatalog[]): () => Promise<T> {
  return async () => (await Promise.all([loadModule(), loadScreenCatalogs(...names)]))[0];
}
