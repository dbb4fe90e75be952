import { useCallback, useSyncExternalStore } from 'react';

/**
 * Whether a media query matches, kept live. Used where the DOM itself must differ by width
 * (one navigation in the page, not a hidden copy); pure styling uses `@media` in CSS instead.
 */
export function useMediaQuery(query: string, serverValue = false): boolean {
  const subscribe = useCallback(
    (onChange: () => void) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    [query],
  );
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia(query).matches,
    () => serverValue,
  );
}
