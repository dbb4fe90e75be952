import { useCallback, useEffect, useRef } from 'react';
import { markJobsSeen } from '../../lib/offline/job-client.ts';

/** An item counts as seen once this share of it is on screen. */
const SEEN_VISIBLE_RATIO = 0.6;

/**
 * Finished items seen on screen (most of the card visible) or opened: `see` marks them once per
 * page visit; `itemRef` goes on every item.
 */
export function useSeenTracker() {
  const seen = useRef(new Set<string>());
  const observer = useRef<IntersectionObserver | null>(null);
  const elements = useRef(new Set<HTMLElement>());
  const see = useCallback((ids: readonly string[]) => {
    const fresh = ids.filter((id) => !seen.current.has(id));
    if (fresh.length === 0) return;
    for (const id of fresh) seen.current.add(id);
    // They leave the app badge (finished but unseen) and their notifications close.
    void markJobsSeen(fresh);
  }, []);
  useEffect(() => {
    if (typeof IntersectionObserver === 'undefined') return;
    const watcher = new IntersectionObserver(
      (entries) => {
        const ids = entries.flatMap((entry) => {
          const { dataset } = entry.target as HTMLElement;
          return entry.isIntersecting && dataset.jobId && (dataset.status === 'completed' || dataset.status === 'failed') ? [dataset.jobId] : [];
        });
        see(ids);
      },
      { threshold: SEEN_VISIBLE_RATIO },
    );
    observer.current = watcher;
    // Items mounted before this effect ran (children attach first).
    for (const element of elements.current) watcher.observe(element);
    return () => {
      watcher.disconnect();
      observer.current = null;
    };
  }, [see]);
  const itemRef = useCallback((element: HTMLLIElement | null) => {
    if (!element) return;
    elements.current.add(element);
    observer.current?.observe(element);
    return () => {
      elements.current.delete(element);
      observer.current?.unobserve(element);
    };
  }, []);
  return { see, itemRef };
}
