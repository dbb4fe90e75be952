/**
 * The Web Share Target (public/manifest.webmanifest `share_target`): the system share sheet
 * POSTs multipart/form-data to SHARE_TARGET_PATH with `title`, `text` and the images in the
 * `image` field. The service worker answers it (sw/share-target.ts) and sends the browser on to
 * the chooser with a 303; the server answers it only when no service worker is installed yet
 * (the app was never opened), with a 303 to the chooser and `?reason=no-worker`.
 *
 * Imports nothing.
 */

/** The manifest's `share_target.action`. */
export const SHARE_TARGET_PATH = '/share-target';
/** The chooser a share lands on (an SPA route). */
export const SHARE_CHOOSER_PATH = '/share';
/** The manifest's `share_target.params.files[0].name`: the form field of the shared images. */
export const SHARED_IMAGE_FIELD = 'image';
/** The manifest's `accept` list: the image types the studios take. */
export const SHARED_IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;

/**
 * Why the chooser opened without shared photos (`?reason=`): `no-worker`, the share reached the
 * server because the app's service worker was not installed yet; `unreadable`, the service
 * worker could not read or keep the photos.
 */
export const SHARE_FAILURE_REASONS = ['no-worker', 'unreadable'] as const;
export type ShareFailureReason = (typeof SHARE_FAILURE_REASONS)[number];

/**
 * The share target's refusal: a share POST from another site is a 403 `{ detail, code }` (the same
 * body from the service worker and from the server), the key being the code. Only a forged form
 * meets it, in the browser's own view of the answer: it is not worded in the app.
 */
export const SHARE_TARGET_MESSAGES = {
  shareRefused: 'Shares are accepted only from the system share sheet or from Atelier itself.',
} as const;

/** What the browser says about who sent a share POST (its request headers). */
export interface ShareSender {
  /** `Sec-Fetch-Site`. Browsers add it after the service worker: only the server sees it. */
  fetchSite: string | null;
  /** `Origin`. */
  origin: string | null;
  /** The referring page (`Referer`, or the request's referrer); '' when none, as for a share sheet. */
  referrer: string;
}

/**
 * Whether a POST to the share target comes from the system share sheet or from this app, the
 * only two senders it takes: any site can submit a form here, and the chooser would then upload
 * a stranger's files into the person's library.
 *
 * - `Sec-Fetch-Site` (when the browser shows it) must be `none` (a launch by the browser itself,
 *   as the share sheet's) or `same-origin`; `same-site` and `cross-site` are refused.
 * - `Origin` (when present) must be the app's. `null` (an opaque sender) passes only when the
 *   browser vouches no page sent it (`Sec-Fetch-Site: none`) or, where that header is hidden,
 *   when no page referred it: a sandboxed page of another site sends `null` too.
 */
export function isShareFromAppOrSheet(sender: ShareSender, isAppOrigin: (origin: string) => boolean): boolean {
  const { fetchSite, origin } = sender;
  if (fetchSite !== null && fetchSite !== 'none' && fetchSite !== 'same-origin') return false;
  if (origin === null) return true;
  if (origin === 'null') return fetchSite === 'none' || (fetchSite === null && sender.referrer === '');
  return isAppOrigin(origin);
}
