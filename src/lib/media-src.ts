import { apiUrl } from './api.ts';

/**
 * A media URL of an asset as <img>/<video>/fetch use it. The server answers paths; they resolve
 * against the API host, which is another origin when the PWA was built with API_BASE_URL.
 */
export function mediaSrc(path: string): string {
  return /^[a-z][a-z\d+.-]*:/i.test(path) ? path : apiUrl(path);
}
