import { INTL_LOCALE, type Locale } from './i18n.ts';

/**
 * Numbers and money in the reader's language ("1.234", "87,5%", "199.000 ₫"): the part of
 * src/lib/format.ts the public pages need, in a module of its own so a page that shows a price
 * does not load the app's date and duration formatters. Everything else imports these from
 * src/lib/format.ts, which re-exports them.
 */

/** What a figure shows when there is none yet (a success rate before any job has ended). */
export const NO_FIGURE = '—';

/**
 * One Intl formatter per language and options, made once (a long list formats a value per row,
 * and making one costs far more than using it); `make` builds it for the language's tag.
 */
export function cachedFormatter<F, O extends object>(cache: Map<string, F>, locale: Locale, options: O, make: (tag: string, options: O) => F): F {
  const key = `${locale}|${JSON.stringify(options)}`;
  let format = cache.get(key);
  if (!format) {
    format = make(INTL_LOCALE[locale], options);
    cache.set(key, format);
  }
  return format;
}

const numberFormats = new Map<string, Intl.NumberFormat>();

/** One cached Intl.NumberFormat per language and options. */
export function numberFormat(locale: Locale, options: Intl.NumberFormatOptions = {}): Intl.NumberFormat {
  return cachedFormatter(numberFormats, locale, options, (tag, opts) => new Intl.NumberFormat(tag, opts));
}

/* ---------- numbers and money ---------- */

/** A number with the language's separators: "1.234,5" / "1,234.5" (at most `fractionDigits` decimals). */
export function formatNumber(value: number, locale: Locale, fractionDigits = 0): string {
  return numberFormat(locale, { maximumFractionDigits: fractionDigits }).format(value);
}

/** A number with exactly `fractionDigits` decimals, a whole one too: "22,0" / "22.0" (a measure read beside others of its kind). */
export function formatFixed(value: number, locale: Locale, fractionDigits: number): string {
  return numberFormat(locale, { minimumFractionDigits: fractionDigits, maximumFractionDigits: fractionDigits }).format(value);
}

/** A whole count: "1.234" / "1,234". */
export function formatCount(value: number, locale: Locale): string {
  return formatNumber(value, locale, 0);
}

/** A share (0 to 1) as a percentage with at most one decimal: "87,5%" / "87.5%". */
export function formatPercent(share: number, locale: Locale): string {
  return numberFormat(locale, { style: 'percent', maximumFractionDigits: 1 }).format(share);
}

/**
 * A success rate (0 to 1), "—" when null (no job has ended). 100 % and 0 % stay whole; a rate
 * just under 1 never rounds up to "100%", which would hide a failure.
 */
export function formatSuccessRate(rate: number | null, locale: Locale): string {
  if (rate === null || !Number.isFinite(rate)) return NO_FIGURE;
  const clamped = Math.min(1, Math.max(0, rate));
  // Truncate to 0.1 % so 0.9996 reads 99.9 %, not 100 %.
  const shown = clamped < 1 ? Math.floor(clamped * 1000) / 1000 : 1;
  return formatPercent(shown, locale);
}

/** A price in đồng: "199.000 ₫" / "₫199,000". */
export function formatVnd(amount: number, locale: Locale): string {
  return numberFormat(locale, { style: 'currency', currency: 'VND' }).format(amount);
}
