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
 * A message catalog: Vietnamese bundled (it renders the first paint), English loaded on demand.
 * The public site uses the `site` catalog only; the SPA registers its `app` catalog too
 * (src/lib/i18n-app.ts), so the pre-rendered pages never download the studio's messages.
 */
export interface Catalog {
  vi: Messages;
  en: () => Promise<Messages>;
}

const catalogs: Catalog[] = [
  { vi: viSite, en: async () => (await import('../locales/en/site.po')).messages },
];

export function registerCatalog(catalog: Catalog): void {
  catalogs.push(catalog);
}

async function loadMessages(locale: Locale): Promise<Messages> {
  const parts = await Promise.all(catalogs.map((c) => (locale === 'vi' ? c.vi : c.en())));
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
  if (persist) {
    try {
      localStorage.setItem(LOCALE_STORAGE_KEY, locale);
    } catch {
      // Private mode or storage full: the choice then lasts for this visit only.
    }
  }
}

/** Synchronous start in the source language (first render, and the pre-renderer). */
export function activateDefaultLocale(): void {
  i18n.load(DEFAULT_LOCALE, Object.assign({}, ...catalogs.map((c) => c.vi)) as Messages);
  i18n.activate(DEFAULT_LOCALE);
}

export { i18n };
