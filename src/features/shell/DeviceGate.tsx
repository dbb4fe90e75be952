import { lazy, Suspense, type ReactNode } from 'react';
import { useDeviceInfo } from '../../lib/device.ts';
import { withScreenCatalogs } from '../../lib/i18n-app.ts';
import { LoadingScreen } from '../../ui/LoadingScreen.tsx';

// Only a phone sees the restriction screen: its code and texts (the device-check catalog) load then.
const DeviceRestriction = lazy(
  withScreenCatalogs(() => import('./DeviceRestriction.tsx').then((module) => ({ default: module.DeviceRestriction })), 'device-check'),
);

/**
 * Renders its children, or the device restriction screen (docs/product-rules.md#device-restriction) when the device is a phone
 * and the page does not allow phones. useDeviceInfo re-evaluates on resize (debounced 150 ms)
 * and on orientation change, so turning a tablet or widening a window lets the page in.
 */
export function DeviceGate({ allowMobile = false, children }: { allowMobile?: boolean; children: ReactNode }) {
  const device = useDeviceInfo();
  if (device.isMobile && !allowMobile) {
    return (
      <Suspense fallback={<LoadingScreen />}>
        <DeviceRestriction device={device} />
      </Suspense>
    );
  }
  return children;
}
