import { i18n, type Messages } from '@lingui/core';
import { messages as viSite } from '../locales/vi/site.po';

export const LOCALES = ['vi', 'en'] as const;
export type Locale = (typeof LOCALES)[number];
/** Vietnamese is the source and default language. */
export const DEFAULT_LOCALE: Locale = 'vi';
/** localStorage key; the inline script in index.html reads the same key before first paint. */
export const LOCALE_STORAGE_KEY = 'atelier.locale';
/** BCP 47 tags used for dates, numbers and VND prices. */
export const INTL_LOCALE: Record<Locale, string> = { vi: 'vi-VN', en: 'en-US' };

/**
 * A message catalog. The public site starts with the `site` catalog and adds the catalog of the
 * page it shows (src/features/site/pages.ts); the SPA adds its `app` catalog
 * (src/lib/i18n-app.ts). Vietnamese may be bundled (it renders the first paint); English is
 * always loaded on demand.
 */
export interface Catalog {
  vi: Messages | (() => Promise<Messages>);
  en: () => Promise<Messages>;
}

/** The public layout's and the shared libraries' messages, which every page loads. */
export const SITE_CATALOG: Catalog = { vi: viSite, en: async () => (await import('../locales/en/site.po')).messages };

const catalogs = new Set<Catalog>([SITE_CATALOG]);

async function messagesOf(catalog: Catalog, locale: Locale): Promise<Messages> {
  const source = catalog[locale];
  return typeof source === 'function' ? source() : source;
}

/**
 * The messages of exactly these catalogs in `locale` (later ones win), for a renderer that must
 * see what the browser will: the pre-renderer renders every page in one process, where the shared
 * set above would hold every page's catalog at once.
 */
export async function catalogMessages(list: readonly Catalog[], locale: Locale): Promise<Messages> {
  const parts = await Promise.all(list.map((catalog) => messagesOf(catalog, locale)));
  return Object.assign({}, ...parts) as Messages;
}

/** Adds a catalog and loads it in the active language; every later language switch loads it too. */
export async function addCatalog(catalog: Catalog): Promise<void> {
  if (catalogs.has(catalog)) return;
  catalogs.add(catalog);
  const locale = isLocale(i18n.locale) ? i18n.locale : DEFAULT_LOCALE;
  i18n.load(locale, await messagesOf(catalog, locale));
}

async function loadMessages(locale: Locale): Promise<Messages> {
  const parts = await Promise.all([...catalogs].map((c) => messagesOf(c, locale)));
  return Object.assign({}, ...parts) as Messages;
}

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

export function readStoredLocale(): Locale {
  try {
    const stored = globalThis.localStorage?.getItem(LOCALE_STORAGE_KEY);
    return isLocale(stored) ? stored : DEFAULT_LOCALE;
  } catch {
    return DEFAULT_LOCALE;
  }
}

/** Loads the catalogs if needed, activates the language, persists it and updates `<html lang>`. */
export async function activateLocale(locale: Locale, { persist = true } = {}): Promise<void> {
  i18n.load(locale, await loadMessages(locale));
  i18n.activate(locale);
  if (typeof document !== 'undefined') document.documentElement.lang = locale;
  if (persist) storeLocale(locale);
}

/** Remembers the reader's language (the SPA and the public pages' inline script read it). */
export function storeLocale(locale: Locale): void {
  try {
    localStorage.setItem(LOCALE_STORAGE_KEY, locale);
  } catch {
    // Private mode or storage full: the choice then lasts for this visit only.
  }
}

/** Synchronous start in the source language with the bundled catalogs (first render, pre-renderer). */
export function activateDefaultLocale(): void {
  const bundled = [...catalogs].map((c) => c.vi).filter((vi): vi is Messages => typeof vi !== 'function');
  i18n.load(DEFAULT_LOCALE, Object.assign({}, ...bundled) as Messages);
  i18n.activate(DEFAULT_LOCALE);
}

export { i18n };
