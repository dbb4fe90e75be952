import { apiUrl } from './api.ts';
import { INTL_LOCALE, type Locale } from './i18n.ts';

/**
 * A media URL of an asset as <img>/<video>/fetch use it. The server answers paths; they resolve
 * against the API host, which is another origin when the PWA was built with API_BASE_URL.
 */
export function mediaSrc(path: string): string {
  return /^[a-z][a-z\d+.-]*:/i.test(path) ? path : apiUrl(path);
}

const KB = 1024;
const MB = 1024 * KB;

/** A file size for people: "820 KB", "3,4 MB" (decimal separator of the language). */
export function formatBytes(bytes: number, locale: Locale): string {
  const number = (value: number, digits: number) =>
    new Intl.NumberFormat(INTL_LOCALE[locale], { maximumFractionDigits: digits }).format(value);
  if (bytes >= MB) return `${number(bytes / MB, 1)} MB`;
  if (bytes >= KB) return `${number(bytes / KB, 0)} KB`;
  return `${number(bytes, 0)} B`;
}

/** A video length as m:ss (whole seconds, rounded up so a 0.4 s clip is not "0:00"). */
export function formatDuration(seconds: number): string {
  const whole = Math.max(0, Math.ceil(seconds));
  const minutes = Math.floor(whole / 60);
  return `${minutes}:${String(whole % 60).padStart(2, '0')}`;
}

/** Pixel dimensions as "1920 × 1080". */
export function formatDimensions(width: number, height: number): string {
  return `${width} × ${height}`;
}
