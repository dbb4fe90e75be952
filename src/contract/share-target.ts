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
