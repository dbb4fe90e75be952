/** Durations on the processing screen: m:ss (whole seconds, never negative). */
export { formatClock } from '../../../lib/format.ts';

/** Web Share API where the browser has it, else the link copied to the clipboard. */
export type ShareOutcome = 'shared' | 'copied' | 'dismissed' | 'failed';

export interface ShareNavigator {
  share?: (data: ShareData) => Promise<void>;
  canShare?: (data: ShareData) => boolean;
  clipboard?: Pick<Clipboard, 'writeText'>;
}

/**
 * Shares a result's link: the system share sheet (tablets), or the link copied where there is
 * none (most desktops) or the sheet failed for another reason than the person closing it.
 */
export async function shareLink(data: { title: string; url: string }, nav: ShareNavigator = globalThis.navigator): Promise<ShareOutcome> {
  if (typeof nav.share === 'function' && (!nav.canShare || nav.canShare(data))) {
    try {
      await nav.share(data);
      return 'shared';
    } catch (error) {
      // Closing the sheet is a choice, not a failure.
      if (error instanceof DOMException && error.name === 'AbortError') return 'dismissed';
    }
  }
  try {
    if (!nav.clipboard) return 'failed';
    await nav.clipboard.writeText(data.url);
    return 'copied';
  } catch {
    return 'failed';
  }
}
