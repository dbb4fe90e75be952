import { useCallback } from 'react';
import { useLingui } from '@lingui/react';
import { activateLocale, isLocale, type Locale } from './i18n.ts';

/** The active language and a setter that loads, activates and persists another one. */
export function useLocale() {
  const { i18n } = useLingui();
  const locale: Locale = isLocale(i18n.locale) ? i18n.locale : 'vi';
  const setLocale = useCallback((next: Locale) => activateLocale(next), []);
  const toggleLocale = useCallback(() => activateLocale(locale === 'vi' ? 'en' : 'vi'), [locale]);
  return { locale, setLocale, toggleLocale };
}
