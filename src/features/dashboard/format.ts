import { INTL_LOCALE, type Locale } from '../../lib/i18n.ts';

/**
 * Figures of the dashboard's stats cards, in the reader's language (vi: "1.234", "87,5%";
 * en: "1,234", "87.5%"). No UI text: the cards word the labels.
 */

/** What a figure shows when there is none yet (the success rate before any job has ended). */
export const NO_FIGURE = '—';

/** A whole count: "1.234" / "1,234". */
export function formatCount(value: number, locale: Locale): string {
  return new Intl.NumberFormat(INTL_LOCALE[locale], { maximumFractionDigits: 0 }).format(value);
}

/**
 * A success rate (0 to 1) as a percentage with at most one decimal, "—" when null (no job has
 * ended). 100 % and 0 % stay whole; a rate just under 1 never rounds up to "100%", which would
 * hide a failure.
 */
export function formatSuccessRate(rate: number | null, locale: Locale): string {
  if (rate === null || !Number.isFinite(rate)) return NO_FIGURE;
  const clamped = Math.min(1, Math.max(0, rate));
  // Truncate to 0.1 % so 0.9996 reads 99.9 %, not 100 %.
  const shown = clamped < 1 ? Math.floor(clamped * 1000) / 1000 : 1;
  return new Intl.NumberFormat(INTL_LOCALE[locale], { style: 'percent', maximumFractionDigits: 1 }).format(shown);
}

/** The month the "this month" count covers: "tháng 3 năm 2025" / "March 2025" (UTC, as the server counts). */
export function formatStatsMonth(monthStart: string, locale: Locale): string {
  const date = new Date(monthStart);
  if (Number.isNaN(date.getTime())) return '';
  return new Intl.DateTimeFormat(INTL_LOCALE[locale], { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(date);
}

/** Steps of a relative time, largest first: the unit and how many seconds it has. */
const RELATIVE_UNITS: ReadonlyArray<[Intl.RelativeTimeFormatUnit, number]> = [
  ['year', 365 * 24 * 3600],
  ['month', 30 * 24 * 3600],
  ['week', 7 * 24 * 3600],
  ['day', 24 * 3600],
  ['hour', 3600],
  ['minute', 60],
];

/** "3 giờ trước" / "3 hours ago"; under a minute, "bây giờ" / "now". */
export function formatRelativeTime(iso: string, locale: Locale, now = Date.now()): string {
  const seconds = (Date.parse(iso) - now) / 1000;
  const format = new Intl.RelativeTimeFormat(INTL_LOCALE[locale], { numeric: 'auto' });
  if (!Number.isFinite(seconds)) return '';
  for (const [unit, size] of RELATIVE_UNITS) {
    if (Math.abs(seconds) >= size) return format.format(Math.trunc(seconds / size), unit);
  }
  return format.format(0, 'second');
}
