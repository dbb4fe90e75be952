import { useEffect, useState, useSyncExternalStore, type RefObject } from 'react';

const noSubscription = () => () => undefined;

/**
 * A fact about the browser, false in the server's HTML and during hydration, then the browser's
 * answer (what the device can do, what it has stored): the two renders never disagree.
 */
export function useBrowserValue<T>(read: () => T, onServer: T): T {
  return useSyncExternalStore(noSubscription, read, () => onServer);
}

/**
 * How far below the viewport a part that loads its code on sight starts loading (half a screen),
 * so that it is usually there when the reader scrolls to it.
 */
const NEAR_MARGIN = '0px 0px 50% 0px';

/**
 * False in the server's HTML and until `ref`'s element comes near the viewport, then true for good:
 * a part of the page below the first screen (a post's comments) loads its code only once the
 * reader gets near it. (Every browser the build targets, es2022, has IntersectionObserver.)
 */
export function useNearViewport(ref: RefObject<Element | null>): boolean {
  const [near, setNear] = useState(false);
  useEffect(() => {
    const element = ref.current;
    if (near || !element) return;
    const observer = new IntersectionObserver((entries) => entries.some((entry) => entry.isIntersecting) && setNear(true), { rootMargin: NEAR_MARGIN });
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref, near]);
  return near;
}
