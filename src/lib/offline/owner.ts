/**
 * localStorage: the account whose data the offline stores hold (see session-sync.ts). Apart from
 * wipe.ts, so start-up reads it without loading the code that clears every store.
 */
export const OFFLINE_OWNER_KEY = 'atelier.offlineOwner';

export function readOfflineOwner(): string | null {
  try {
    return localStorage.getItem(OFFLINE_OWNER_KEY);
  } catch {
    return null;
  }
}

export function writeOfflineOwner(userId: string): void {
  try {
    localStorage.setItem(OFFLINE_OWNER_KEY, userId);
  } catch {
    // Without storage the next sign-in cannot compare accounts; the stores are per user anyway.
  }
}

export function forgetOfflineOwner(): void {
  try {
    localStorage.removeItem(OFFLINE_OWNER_KEY);
  } catch {
    // Nothing stored.
  }
}
