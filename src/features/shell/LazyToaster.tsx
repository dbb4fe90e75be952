import { lazy, Suspense, useEffect, useState } from 'react';
import { onToasterRequested, requestToaster } from '../../lib/toast.ts';

const AppToaster = lazy(() => import('./AppToaster.tsx'));

/** Idle time after load before the toaster is fetched anyway, in ms. */
const IDLE_MOUNT_TIMEOUT_MS = 4000;

/** Mounts the toaster on the first toast, or once the browser is idle after start-up. */
export function LazyToaster() {
  const [wanted, setWanted] = useState(false);
  useEffect(() => onToasterRequested(() => setWanted(true)), []);
  useEffect(() => {
    const idle = window.requestIdleCallback
      ? window.requestIdleCallback(requestToaster, { timeout: IDLE_MOUNT_TIMEOUT_MS })
      : window.setTimeout(requestToaster, IDLE_MOUNT_TIMEOUT_MS);
    return () => (window.cancelIdleCallback ? window.cancelIdleCallback(idle) : window.clearTimeout(idle));
  }, []);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <AppToaster />
    </Suspense>
  );
}
