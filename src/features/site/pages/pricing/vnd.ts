import { INTL_LOCALE, type Locale } from '../../../../lib/i18n.ts';

/**
 * A price in đồng ("199.000 ₫" / "₫199,000"), as src/lib/format-number.ts's formatVnd writes it.
 * Restated so the public page does not load that module, a chunk of its own: the page's script
 * budget has no room for another request.
 */
export function formatVnd(amount: number, locale: Locale): string {
  return new Intl.NumberFormat(INTL_LOCALE[locale], { style: 'currency', currency: 'VND' }).format(amount);
}

/** A whole count with the language's separators ("2.000" / "2,000"). */
export function formatCount(value: number, locale: Locale): string {
  return new Intl.NumberFormat(INTL_LOCALE[locale]).format(value);
}
