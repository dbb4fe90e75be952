import { lazy, Suspense, useEffect } from 'react';
import { useAtomValue } from 'jotai';
import { useAfterFirstFrame } from '../../lib/after-first-frame.ts';
import { refreshAppBadge, setTrackedUser } from '../../lib/offline/job-client.ts';
import { sessionUserAtom } from '../../lib/session.ts';

// Its code (the queries) loads only for a signed-in account, after the first paint.
const JobTracking = lazy(() => import('./JobTracking.tsx'));

/**
 * Background job tracking (docs/product-rules.md#job-tracking) for the signed-in account: mounted once in the SPA's root
 * (src/routes/__root.tsx). Keyed by the account, so a different sign-in starts afresh.
 */
export function JobTrackingRoot() {
  const userId = useAtomValue(sessionUserAtom)?.id ?? null;
  // After the first frame: its code and queries do not compete with the first screen.
  const started = useAfterFirstFrame();
  // Jobs submitted from now on are watched for this account (src/lib/offline/job-client.ts).
  useEffect(() => {
    setTrackedUser(userId);
    // Signed out: the badge counted the previous account's results.
    if (!userId) void refreshAppBadge(null);
  }, [userId]);
  if (!userId || !started) return null;
  return (
    <Suspense fallback={null}>
      <JobTracking key={userId} userId={userId} />
    </Suspense>
  );
}
