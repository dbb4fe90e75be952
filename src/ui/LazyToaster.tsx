import { lazy, Suspense, useEffect, useState } from 'react';
import { onToasterRequested } from '../lib/toast.ts';

const AppToaster = lazy(() => import('./AppToaster.tsx'));

/**
 * Mounts the toaster when the first toast is shown, not before: start-up does not pay for it.
 * (After the first visit its code comes from the service worker's precache.)
 */
export function LazyToaster() {
  const [wanted, setWanted] = useState(false);
  useEffect(() => onToasterRequested(() => setWanted(true)), []);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <AppToaster />
    </Suspense>
  );
}
