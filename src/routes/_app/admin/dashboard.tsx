import { createFileRoute } from '@tanstack/react-router';
import { msg } from '@lingui/core/macro';
import { AdminDashboard } from '../../../features/admin/AdminDashboard.tsx';

/** /admin/dashboard: the same screen as /admin (docs/product-rules.md#routes-admin). */
export const Route = createFileRoute('/_app/admin/dashboard')({
  staticData: { title: msg`Bảng điều khiển quản trị` },
  component: AdminDashboard,
});
