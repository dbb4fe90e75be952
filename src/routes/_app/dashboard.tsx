import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import { msg } from '@lingui/core/macro';
import { loadScreenCatalogs } from '../../lib/i18n-app.ts';
import { DashboardPage } from '../../features/dashboard/DashboardPage.tsx';
import { DASHBOARD_SEARCH_DEFAULTS, dashboardSearchSchema, type RecentFilter } from '../../features/dashboard/search.ts';

/** The dashboard: no sign-in required, guests see it too (docs/product-rules.md#dashboard, #roles). */
export const Route = createFileRoute('/_app/dashboard')({
  validateSearch: dashboardSearchSchema,
  // ?filter=all is the default and stays out of the address bar.
  search: { middlewares: [stripSearchParams(DASHBOARD_SEARCH_DEFAULTS)] },
  staticData: {
    title: msg`Bảng điều khiển`,
    description: msg`Mọi công cụ AI của Atelier ở một nơi: thử đồ ảo, tạo người mẫu, đổi kiểu tóc, ảnh thành video, chỉnh sửa và làm nét ảnh.`,
  },
  // The dashboard's messages before it renders.
  loader: () => loadScreenCatalogs('dashboard'),
  component: DashboardRoute,
});

function DashboardRoute() {
  const { filter } = Route.useSearch();
  const navigate = Route.useNavigate();
  const onFilterChange = (next: RecentFilter) => void navigate({ search: { filter: next }, replace: true, resetScroll: false });
  return <DashboardPage filter={filter} onFilterChange={onFilterChange} />;
}
