import { createFileRoute, Outlet } from '@tanstack/react-router';
import { msg } from '@lingui/core/macro';
import { AdminGuard } from '../../features/admin/AdminGuard.tsx';

/** Everything under /admin sits behind the admin guard (docs/product-rules.md#admin). */
export const Route = createFileRoute('/_app/admin')({
  staticData: { title: msg`Quản trị` },
  component: AdminLayout,
});

function AdminLayout() {
  return (
    <AdminGuard>
      <Outlet />
    </AdminGuard>
  );
}
