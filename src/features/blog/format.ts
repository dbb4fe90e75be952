import { INTL_LOCALE } from '../../lib/i18n.ts';
import type { BlogLocaleCode } from '../../contract/blog.ts';

// One formatter per language: making one costs far more than formatting (a list of posts made
// ten while hydrating).
const formatters = new Map<BlogLocaleCode, Intl.DateTimeFormat>();

/**
 * A publication date as the page shows it. One time zone for every reader (the site's, Vietnam's),
 * so the server's HTML and the browser's hydration always print the same day.
 */
export function formatDate(iso: string, locale: BlogLocaleCode): string {
  let formatter = formatters.get(locale);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat(INTL_LOCALE[locale], { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'Asia/Ho_Chi_Minh' });
    formatters.set(locale, formatter);
  }
  return formatter.format(new Date(iso));
}
