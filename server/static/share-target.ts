/**
 * The share target without a service worker (src/contract/share-target.ts): the installed app's
 * service worker answers POST /share-target itself; this route only sees the share when none is
 * installed yet (the app was never opened in this browser). The photos cannot be kept for the
 * person (no session reaches a share POST), so the browser is sent on with a 303 to the chooser,
 * which says to open the app once and share again. The body is not read.
 */
import type { Handler } from 'hono';
import { SHARE_CHOOSER_PATH } from '../../src/contract/share-target.ts';
import type { AppEnv } from '../http/types.ts';

export const shareTargetFallback: Handler<AppEnv> = (c) =>
  c.redirect(`${SHARE_CHOOSER_PATH}?${new URLSearchParams({ reason: 'no-worker' }).toString()}`, 303);
