import { createFileRoute, Outlet } from '@tanstack/react-router';
import { msg } from '@lingui/core/macro';
import { loadScreenCatalogs } from '../../lib/i18n-app.ts';
import { AdminArea } from '../../features/admin/AdminArea.tsx';
import { AdminGuard } from '../../features/admin/AdminGuard.tsx';

/** Everything under /admin sits behind the admin guard (docs/product-rules.md#admin), in the admin area's layout. */
export const Route = createFileRoute('/_app/admin')({
  staticData: { title: msg`Quản trị` },
  // The admin screens' messages (the guard's included) before they render.
  loader: () => loadScreenCatalogs('admin'),
  component: AdminLayout,
});

function AdminLayout() {
  return (
    <AdminGuard>
      <AdminArea>
        <Outlet />
      </AdminArea>
    </AdminGuard>
  );
}
