import { INTL_LOCALE, type Locale } from './i18n.ts';
import { formatNumber, numberFormat } from './format-number.ts';

/**
 * Numbers, sizes, durations, money and times in the reader's language, with no words of our own:
 * the words come from the browser's Intl data ("42 giây", "5 phút trước", "hôm qua", "1.234").
 */

export { NO_FIGURE, formatCount, formatNumber, formatPercent, formatSuccessRate, formatVnd } from './format-number.ts';

/* ---------- sizes ---------- */

const KB = 1024;
const MB = 1024 * KB;
const GB = 1024 * MB;

/** A file size for people: "820 KB", "3,4 MB", "1,5 GB" (binary units, the language's decimal separator). */
export function formatBytes(bytes: number, locale: Locale): string {
  if (bytes >= GB) return `${formatNumber(bytes / GB, locale, 1)} GB`;
  if (bytes >= MB) return `${formatNumber(bytes / MB, locale, 1)} MB`;
  if (bytes >= KB) return `${formatNumber(bytes / KB, locale, 0)} KB`;
  return `${formatNumber(bytes, locale, 0)} B`;
}

/** Pixel dimensions as "1920 × 1080". */
export function formatDimensions(width: number, height: number): string {
  return `${width} × ${height}`;
}

/* ---------- durations ---------- */

function clock(wholeSeconds: number): string {
  const minutes = Math.floor(wholeSeconds / 60);
  return `${minutes}:${String(wholeSeconds % 60).padStart(2, '0')}`;
}

/** A running time as m:ss (whole seconds, rounded down, never negative): a timer. */
export function formatClock(totalSeconds: number): string {
  return clock(Math.max(0, Math.floor(totalSeconds)));
}

/** A video's length as m:ss (rounded up, so a 0.4 s clip is not "0:00"). */
export function formatDuration(seconds: number): string {
  return clock(Math.max(0, Math.ceil(seconds)));
}

const SECOND_MS = 1_000;
const MINUTE_S = 60;
const HOUR_S = 3_600;
const DAY_S = 86_400;
const DAY_MS = DAY_S * SECOND_MS;
/** Below this many seconds a tenth of a second still means something ("2,4 giây"). */
const TENTHS_BELOW_S = 10;

function unit(locale: Locale, name: 'hour' | 'minute' | 'second', value: number, fractionDigits = 0): string {
  return numberFormat(locale, { style: 'unit', unit: name, unitDisplay: 'long', maximumFractionDigits: fractionDigits }).format(value);
}

/**
 * A job's processing time in words: "2,4 giây" under 10 s, "42 giây", "2 phút 5 giây" (a whole
 * minute says no seconds), "1 giờ 3 phút" (an hour says no seconds).
 */
export function formatProcessingTime(ms: number, locale: Locale): string {
  const seconds = Math.max(0, ms) / SECOND_MS;
  if (seconds < TENTHS_BELOW_S) {
    // Rounded to the tenth shown, so 9.96 s reads "10 giây", never "10,0"; a job that took any
    // time at all (a failure found at once) reads at least a tenth, not "0 giây".
    const tenths = seconds > 0 ? Math.max(0.1, Math.round(seconds * 10) / 10) : 0;
    if (tenths < TENTHS_BELOW_S) return unit(locale, 'second', tenths, 1);
  }
  const whole = Math.round(seconds);
  if (whole < MINUTE_S) return unit(locale, 'second', whole);
  if (whole < HOUR_S) {
    const minutes = Math.floor(whole / MINUTE_S);
    const rest = whole % MINUTE_S;
    return rest === 0 ? unit(locale, 'minute', minutes) : `${unit(locale, 'minute', minutes)} ${unit(locale, 'second', rest)}`;
  }
  const hours = Math.floor(whole / HOUR_S);
  const minutes = Math.floor((whole % HOUR_S) / MINUTE_S);
  return minutes === 0 ? unit(locale, 'hour', hours) : `${unit(locale, 'hour', hours)} ${unit(locale, 'minute', minutes)}`;
}

/* ---------- dates and times ---------- */

/** Steps of a relative time, largest first: the unit and how many seconds it has. */
const RELATIVE_STEPS: ReadonlyArray<readonly [Intl.RelativeTimeFormatUnit, number]> = [
  ['year', 365 * DAY_S],
  ['month', 30 * DAY_S],
  ['week', 7 * DAY_S],
  ['day', DAY_S],
  ['hour', HOUR_S],
  ['minute', MINUTE_S],
];

function toTime(value: Date | string | number): number {
  return value instanceof Date ? value.getTime() : typeof value === 'string' ? Date.parse(value) : value;
}

/** "5 phút trước", "3 hours ago"; under a minute, "bây giờ" / "now"; "" for a time that is not one. */
export function formatRelativeTime(when: Date | string | number, locale: Locale, now: Date | number = Date.now()): string {
  const seconds = (toTime(when) - toTime(now)) / SECOND_MS;
  if (!Number.isFinite(seconds)) return '';
  const format = new Intl.RelativeTimeFormat(INTL_LOCALE[locale], { numeric: 'auto' });
  for (const [name, size] of RELATIVE_STEPS) {
    if (Math.abs(seconds) >= size) return format.format(Math.trunc(seconds / size), name);
  }
  return format.format(0, 'second');
}

/** A date and time: "14:32 12 thg 3, 2025" / "Mar 12, 2025, 2:32 PM". */
export function formatDateTime(date: Date, locale: Locale): string {
  return new Intl.DateTimeFormat(INTL_LOCALE[locale], { dateStyle: 'medium', timeStyle: 'short' }).format(date);
}

/** A date in full words: "12 tháng 3, 2025" / "March 12, 2025". */
export function formatDate(date: Date | string, locale: Locale): string {
  return new Intl.DateTimeFormat(INTL_LOCALE[locale], { dateStyle: 'long' }).format(typeof date === 'string' ? new Date(date) : date);
}

/** A month: "tháng 3 năm 2025" / "March 2025" (UTC, as the server counts months); "" for no date. */
export function formatMonth(monthStart: string, locale: Locale): string {
  const date = new Date(monthStart);
  if (Number.isNaN(date.getTime())) return '';
  return new Intl.DateTimeFormat(INTL_LOCALE[locale], { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(date);
}

/** The local calendar day of a time, as a key: "2025-03-12". */
export function dayKey(date: Date): string {
  return `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;
}

function startOfDay(date: Date): number {
  return new Date(date.getFullYear(), date.getMonth(), date.getDate()).getTime();
}

/** A day's heading: "Hôm nay", "Hôm qua", else "Thứ Hai, 10 tháng 3, 2025". */
export function formatDayHeading(date: Date, now: Date, locale: Locale): string {
  const days = Math.round((startOfDay(date) - startOfDay(now)) / DAY_MS);
  if (days === 0 || days === -1) {
    const text = new Intl.RelativeTimeFormat(INTL_LOCALE[locale], { numeric: 'auto' }).format(days, 'day');
    return text.charAt(0).toLocaleUpperCase(INTL_LOCALE[locale]) + text.slice(1);
  }
  return new Intl.DateTimeFormat(INTL_LOCALE[locale], { dateStyle: 'full' }).format(date);
}
