import { INTL_LOCALE, type Locale } from '../../lib/i18n.ts';

/**
 * Times of /history in the person's language, without messages of our own: the words come from
 * the browser's Intl data ("42 giây", "2 minutes 5 seconds", "5 phút trước", "hôm qua").
 */

const SECOND_MS = 1_000;
const MINUTE_S = 60;
const HOUR_S = 3_600;
const DAY_MS = 86_400_000;
/** Below this many seconds a tenth of a second still means something ("2,4 giây"). */
const TENTHS_BELOW_S = 10;

function unit(locale: Locale, name: 'hour' | 'minute' | 'second', value: number, fractionDigits = 0): string {
  return new Intl.NumberFormat(INTL_LOCALE[locale], { style: 'unit', unit: name, unitDisplay: 'long', maximumFractionDigits: fractionDigits }).format(value);
}

/**
 * A job's processing time: "2,4 giây" under 10 s, "42 giây", "2 phút 5 giây" (a whole minute
 * says no seconds), "1 giờ 3 phút" (an hour says no seconds).
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

const RELATIVE_STEPS: ReadonlyArray<{ unit: Intl.RelativeTimeFormatUnit; seconds: number }> = [
  { unit: 'year', seconds: 365 * 86_400 },
  { unit: 'month', seconds: 30 * 86_400 },
  { unit: 'week', seconds: 7 * 86_400 },
  { unit: 'day', seconds: 86_400 },
  { unit: 'hour', seconds: HOUR_S },
  { unit: 'minute', seconds: MINUTE_S },
];

/** "5 phút trước", "3 hours ago"; under a minute, "bây giờ" / "now". */
export function formatRelative(date: Date, now: Date, locale: Locale): string {
  const format = new Intl.RelativeTimeFormat(INTL_LOCALE[locale], { numeric: 'auto' });
  const elapsed = (date.getTime() - now.getTime()) / SECOND_MS;
  for (const step of RELATIVE_STEPS) {
    if (Math.abs(elapsed) >= step.seconds) return format.format(Math.trunc(elapsed / step.seconds), step.unit);
  }
  return format.format(0, 'second');
}

/** "14:32 12 thg 3, 2025" / "Mar 12, 2025, 2:32 PM". */
export function formatAbsolute(date: Date, locale: Locale): string {
  return new Intl.DateTimeFormat(INTL_LOCALE[locale], { dateStyle: 'medium', timeStyle: 'short' }).format(date);
}

/** The local calendar day of a time, as a group key. */
export function dayKey(date: Date): string {
  return `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;
}

function startOfDay(date: Date): number {
  return new Date(date.getFullYear(), date.getMonth(), date.getDate()).getTime();
}

/** A day group's heading: "Hôm nay", "Hôm qua", else "Thứ Hai, 10 tháng 3, 2025". */
export function formatDayHeading(date: Date, now: Date, locale: Locale): string {
  const days = Math.round((startOfDay(date) - startOfDay(now)) / DAY_MS);
  if (days === 0 || days === -1) {
    const text = new Intl.RelativeTimeFormat(INTL_LOCALE[locale], { numeric: 'auto' }).format(days, 'day');
    return text.charAt(0).toLocaleUpperCase(INTL_LOCALE[locale]) + text.slice(1);
  }
  return new Intl.DateTimeFormat(INTL_LOCALE[locale], { dateStyle: 'full' }).format(date);
}

export interface DayGroup<T> {
  key: string;
  /** The first item's time: the group's day. */
  date: Date;
  items: T[];
}

/** Consecutive items of one local day together, in the order given (newest first stays newest first). */
export function groupByDay<T extends { created_at: string }>(items: readonly T[]): DayGroup<T>[] {
  const groups: DayGroup<T>[] = [];
  for (const item of items) {
    const date = new Date(item.created_at);
    const key = dayKey(date);
    const last = groups.at(-1);
    if (last?.key === key) last.items.push(item);
    else groups.push({ key, date, items: [item] });
  }
  return groups;
}
