/**
 * The share target without a service worker (src/contract/share-target.ts): the installed app's
 * service worker answers POST /share-target itself; this route only sees the share when none is
 * installed yet (the app was never opened in this browser). The photos cannot be kept for the
 * person (no session reaches a share POST), so the browser is sent on with a 303 to the chooser,
 * which says to open the app once and share again. The body is not read.
 *
 * As in the service worker, only the system share sheet and the app itself may share: a form
 * another site posts here is refused with a 403 (src/contract/share-target.ts).
 */
import type { Handler } from 'hono';
import { isShareFromAppOrSheet, SHARE_CHOOSER_PATH, SHARE_TARGET_MESSAGES } from '../../src/contract/share-target.ts';
import { codedErrors } from '../http/api-error.ts';
import type { AppEnv } from '../http/types.ts';

/** The origin's host: a proxy in front may end TLS, so the scheme the server sees can differ from the page's. */
function hostOf(origin: string): string | null {
  try {
    return new URL(origin).host;
  } catch {
    return null;
  }
}

const shareError = codedErrors(SHARE_TARGET_MESSAGES);

export const shareTargetFallback: Handler<AppEnv> = (c) => {
  const sender = { fetchSite: c.req.header('sec-fetch-site') ?? null, origin: c.req.header('origin') ?? null, referrer: c.req.header('referer') ?? '' };
  const ownHost = new URL(c.req.url).host;
  if (!isShareFromAppOrSheet(sender, (origin) => hostOf(origin) === ownHost)) throw shareError(403, 'shareRefused');
  return c.redirect(`${SHARE_CHOOSER_PATH}?${new URLSearchParams({ reason: 'no-worker' }).toString()}`, 303);
};
