/**
 * Which tutorials this browser has already seen (finished or skipped), one localStorage key per
 * tutorial id: a tour is offered by itself once, then only from its help button.
 */
const KEY_PREFIX = 'atelier.tutorial-seen.';

export function tutorialSeenKey(id: string): string {
  return `${KEY_PREFIX}${id}`;
}

export function hasSeenTutorial(id: string): boolean {
  try {
    const storage = globalThis.localStorage;
    // No storage (pre-rendering) or blocked storage (privacy settings, below): count it as seen
    // rather than offer the tour by itself on every visit.
    return storage ? storage.getItem(tutorialSeenKey(id)) !== null : true;
  } catch {
    return true;
  }
}

export function markTutorialSeen(id: string): void {
  try {
    globalThis.localStorage?.setItem(tutorialSeenKey(id), new Date().toISOString());
  } catch {
    // Private mode or storage full: the tour may be offered again next visit, which is harmless.
  }
}

/** Offers the tour again by itself (e.g. after a major change of the screen it explains). */
export function forgetTutorialSeen(id: string): void {
  try {
    globalThis.localStorage?.removeItem(tutorialSeenKey(id));
  } catch {
    // Nothing to forget when storage is unavailable.
  }
}
