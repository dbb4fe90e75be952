import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import { msg } from '@lingui/core/macro';
import { HistoryPage, type HistorySearchChange } from '../../../features/history/HistoryPage.tsx';
import { HISTORY_SEARCH_DEFAULTS, historySearchSchema } from '../../../features/history/search.ts';
import { loadScreenCatalogs } from '../../../lib/i18n-app.ts';
import { loadStudioCatalogs } from '../../../features/studio/catalogs.ts';

/** Every generation across the tools (docs/product-rules.md#history), for signed-in users on a tablet or larger (the `_studio` layout's guard). */
export const Route = createFileRoute('/_app/_studio/history')({
  validateSearch: historySearchSchema,
  // ?tool=all&status=all are the defaults and stay out of the address bar.
  search: { middlewares: [stripSearchParams(HISTORY_SEARCH_DEFAULTS)] },
  staticData: {
    title: msg`Lịch sử tạo`,
    description: msg`Mọi ảnh và video bạn đã tạo ở các công cụ của Atelier: kết quả, thời gian xử lý, tải xuống, tạo lại.`,
  },
  // The studios' shared messages (status, stage and error texts) and the page's own before the list renders.
  loader: () => Promise.all([loadStudioCatalogs(), loadScreenCatalogs('history')]),
  component: HistoryRoute,
});

function HistoryRoute() {
  const { tool, status, job } = Route.useSearch();
  const navigate = Route.useNavigate();
  const onSearchChange = (next: HistorySearchChange) => void navigate({ search: (previous) => ({ ...previous, ...next }), replace: true, resetScroll: false });
  return <HistoryPage tool={tool} status={status} job={job} onSearchChange={onSearchChange} />;
}
