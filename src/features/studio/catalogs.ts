/**
 * The studios' message catalogs (src/locales/{locale}/studio/<folder>.po, see lingui.config.ts):
 * the shell every studio uses, and one per tool folder (the generations and uploads data layer is in
 * the app catalog: the history, library and dashboard show its messages too). A studio route's loader
 * loads what its screen shows before it renders, so the SPA's first load carries none of them.
 */
import type { Messages } from '@lingui/core';
import { addCatalog, type Catalog } from '../../lib/i18n.ts';
import { STUDIOS, type StudioId, type StudioToolCatalog } from '../registry/studios.ts';

export type { StudioToolCatalog };

interface PoModule {
  messages: Messages;
}

const vi = import.meta.glob<PoModule>('../../locales/vi/studio/*.po');
const en = import.meta.glob<PoModule>('../../locales/en/studio/*.po');

type StudioCatalog = StudioToolCatalog | 'shell';

const SHARED: readonly StudioCatalog[] = ['shell'];
const catalogs = new Map<StudioCatalog, Catalog>();

function load(modules: Record<string, () => Promise<PoModule>>, locale: 'vi' | 'en', name: StudioCatalog) {
  return async () => {
    const loader = modules[`../../locales/${locale}/studio/${name}.po`];
    if (!loader) throw new Error(`no ${locale} catalog for the studio folder ${name}`);
    return (await loader()).messages;
  };
}

function catalogOf(name: StudioCatalog): Catalog {
  let catalog = catalogs.get(name);
  if (!catalog) {
    // One object per folder: addCatalog ignores a catalog it already has.
    catalog = { vi: load(vi, 'vi', name), en: load(en, 'en', name) };
    catalogs.set(name, catalog);
  }
  return catalog;
}

/** Loads the shared studio messages and those of `tools` in the active language. */
export async function loadStudioCatalogs(...tools: StudioToolCatalog[]): Promise<void> {
  await Promise.all([...SHARED, ...tools].map((name) => addCatalog(catalogOf(name))));
}

/** Loads what the studio `id` shows (its registry entry's catalogs): a studio route's loader. */
export function loadStudio(id: StudioId): Promise<void> {
  return loadStudioCatalogs(...STUDIOS[id].catalogs);
}
