import { INTL_LOCALE, type Locale } from './i18n.ts';
import { cachedFormatter, formatNumber, numberFormat } from './format-number.ts';

/**
 * Numbers, sizes, durations, money and times in the reader's language, with no words of our own:
 * the words come from the browser's Intl data ("42 giây", "5 phút trước", "hôm qua", "1.234").
 */

export { NO_FIGURE, formatCount, formatFixed, formatNumber, formatPercent, formatSuccessRate, formatVnd } from './format-number.ts';

/* ---------- sizes ---------- */

const KB = 1024;
const MB = 1024 * KB;
const GB = 1024 * MB;

/** A file size for people: "820 KB", "3,4 MB", "1,5 GB" (binary units, the language's decimal separator; never below 0). */
export function formatBytes(size: number, locale: Locale): string {
  // Free room is a difference of two browser estimates, which can dip below zero.
  const bytes = Math.max(0, size);
  if (bytes >= GB) return `${formatNumber(bytes / GB, locale, 1)} GB`;
  if (bytes >= MB) return `${formatNumber(bytes / MB, locale, 1)} MB`;
  if (bytes >= KB) return `${formatNumber(bytes / KB, locale, 0)} KB`;
  return `${formatNumber(bytes, locale, 0)} B`;
}

/** Bytes per storage unit, largest first: decimal, as storage is sold and as the server words its quota (5 GB = 5,000,000,000 bytes). */
const STORAGE_UNITS: ReadonlyArray<readonly [string, number]> = [
  ['GB', 1e9],
  ['MB', 1e6],
  ['KB', 1e3],
];

/**
 * The account's storage (used, quota) for people, as the server words it
 * (`storageSizeText` in src/contract/media.ts) but in the reader's language: "4,9 GB" / "4.9 GB",
 * "812 MB", "0 KB". Decimal units, unlike `formatBytes`: the quota is sold in them. One decimal
 * below 10 of a unit, none above; truncated, never rounded up, so a nearly full quota does not
 * read as full.
 */
export function formatStorageSize(bytes: number, locale: Locale): string {
  const safe = Number.isFinite(bytes) && bytes > 0 ? bytes : 0;
  const [name, size] = STORAGE_UNITS.find(([, unitBytes]) => safe >= unitBytes) ?? ['KB', 1e3];
  const value = safe / size;
  const shown = value < 10 ? Math.floor(value * 10) / 10 : Math.floor(value);
  return `${formatNumber(shown, locale, 1)} ${name}`;
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

const dateFormats = new Map<string, Intl.DateTimeFormat>();

const relativeFormats = new Map<string, Intl.RelativeTimeFormat>();

/** The cached "5 phút trước" / "yesterday" formatter of a language. */
function relativeFormat(locale: Locale): Intl.RelativeTimeFormat {
  return cachedFormatter(relativeFormats, locale, { numeric: 'auto' as const }, (tag, opts) => new Intl.RelativeTimeFormat(tag, opts));
}

/** One cached Intl.DateTimeFormat per language and options (a long list formats a date per row). */
function dateFormat(locale: Locale, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  return cachedFormatter(dateFormats, locale, options, (tag, opts) => new Intl.DateTimeFormat(tag, opts));
}

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
  const format = relativeFormat(locale);
  for (const [name, size] of RELATIVE_STEPS) {
    if (Math.abs(seconds) >= size) return format.format(Math.trunc(seconds / size), name);
  }
  return format.format(0, 'second');
}

/** A date and time: "14:32 12 thg 3, 2025" / "Mar 12, 2025, 2:32 PM". */
export function formatDateTime(date: Date, locale: Locale): string {
  return dateFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(date);
}

/** A date and time to the second: "14:32:05 12 thg 3, 2025" / "Mar 12, 2025, 2:32:05 PM" (a log line). */
export function formatTimestamp(date: Date, locale: Locale): string {
  return dateFormat(locale, { dateStyle: 'medium', timeStyle: 'medium' }).format(date);
}

/** A short date: "12 thg 3, 2025" / "Mar 12, 2025". */
export function formatShortDate(date: Date, locale: Locale): string {
  return dateFormat(locale, { day: 'numeric', month: 'short', year: 'numeric' }).format(date);
}

/** Today's line of a greeting: "Thứ Tư, 12 tháng 3" / "Wednesday, March 12". */
export function formatWeekdayDate(date: Date, locale: Locale): string {
  return dateFormat(locale, { weekday: 'long', day: 'numeric', month: 'long' }).format(date);
}

/** A date in full words: "12 tháng 3, 2025" / "March 12, 2025". */
export function formatDate(date: Date | string, locale: Locale): string {
  return dateFormat(locale, { dateStyle: 'long' }).format(typeof date === 'string' ? new Date(date) : date);
}

/** A month: "tháng 3 năm 2025" / "March 2025" (UTC, as the server counts months); "" for no date. */
export function formatMonth(monthStart: string, locale: Locale): string {
  const date = new Date(monthStart);
  if (Number.isNaN(date.getTime())) return '';
  return dateFormat(locale, { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(date);
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
    const text = relativeFormat(locale).format(days, 'day');
    return text.charAt(0).toLocaleUpperCase(INTL_LOCALE[locale]) + text.slice(1);
  }
  return dateFormat(locale, { dateStyle: 'full' }).format(date);
}
