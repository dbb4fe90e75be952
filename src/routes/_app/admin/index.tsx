import { createFileRoute } from '@tanstack/react-router';
import { msg } from '@lingui/core/macro';
import { AdminDashboard } from '../../../features/admin/AdminDashboard.tsx';

/** /admin: the admin dashboard (same screen as /admin/dashboard). */
export const Route = createFileRoute('/_app/admin/')({
  staticData: { title: msg`Bảng điều khiển quản trị` },
  component: AdminDashboard,
});
