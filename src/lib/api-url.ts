/**
 * The API's address for a path (API_BASE_URL, compiled in, or this origin). A module of its own,
 * like ./session-keys.ts, so the public pages that call the API with `fetch` (the blog's comments
 * and newsletter form) do not pull the app's API client and session into their load, nor into
 * the code they share with the SPA.
 */
export function apiUrl(path: string): string {
  const base = import.meta.env.API_BASE_URL ?? '';
  return `${base.replace(/\/$/, '')}${path}`;
}
