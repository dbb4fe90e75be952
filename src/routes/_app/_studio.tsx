import { createFileRoute, Outlet } from '@tanstack/react-router';
import { RequireAuth } from '../../features/auth/RequireAuth.tsx';
import { DeviceGate } from '../../features/shell/DeviceGate.tsx';

/**
 * The pathless layout of the studios and of the pages that show their work (history, library):
 * the device restriction (phones see the restriction screen), then the sign-in guard, once for
 * every page below. A page's hooks (its job, its history) run only for a signed-in person on a
 * tablet or larger.
 */
export const Route = createFileRoute('/_app/_studio')({
  component: StudioLayout,
});

function StudioLayout() {
  return (
    <DeviceGate>
      <RequireAuth>
        <Outlet />
      </RequireAuth>
    </DeviceGate>
  );
}
