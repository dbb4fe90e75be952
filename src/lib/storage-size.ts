import { INTL_LOCALE, type Locale } from './i18n.ts';

/** Bytes per unit, largest first: decimal, as storage is sold and as the server words its quota (5 GB = 5,000,000,000 bytes). */
const UNITS: ReadonlyArray<readonly [string, number]> = [
  ['GB', 1e9],
  ['MB', 1e6],
  ['KB', 1e3],
];

/**
 * A storage amount for people, in the reader's language: "4,9 GB" / "4.9 GB", "812 MB", "0 KB".
 * One decimal below 10 of a unit, none above; truncated, never rounded up, so a nearly full
 * quota does not read as full.
 */
export function formatStorageSize(bytes: number, locale: Locale): string {
  const safe = Number.isFinite(bytes) && bytes > 0 ? bytes : 0;
  const [unit, size] = UNITS.find(([, unitBytes]) => safe >= unitBytes) ?? ['KB', 1e3];
  const value = safe / size;
  const shown = value < 10 ? Math.floor(value * 10) / 10 : Math.floor(value);
  return `${new Intl.NumberFormat(INTL_LOCALE[locale], { maximumFractionDigits: 1 }).format(shown)} ${unit}`;
}
