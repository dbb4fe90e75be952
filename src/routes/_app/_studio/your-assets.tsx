import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import { msg } from '@lingui/core/macro';
import { assetsInfiniteQueryOptions } from '../../../features/media/api.ts';
import { targetHref, type UseInTarget } from '../../../features/assets/incoming-asset.ts';
import type { Asset } from '../../../contract/media.schema.ts';
import { loadScreenCatalogs } from '../../../lib/i18n-app.ts';
import { awaitStoredData } from '../../../lib/offline/first-screen.ts';
import { LibraryScreen } from '../../../features/assets/library/LibraryScreen.tsx';
import { markRestoreStart } from '../../../features/assets/library/perf.ts';
import { filtersOf, LIBRARY_SEARCH_DEFAULTS, librarySearchSchema, type LibrarySearch } from '../../../features/assets/library/search.ts';

/** The library of every upload and result (docs/product-rules.md#library), for signed-in users on a tablet or larger (the `_studio` layout's guard). */
export const Route = createFileRoute('/_app/_studio/your-assets')({
  validateSearch: librarySearchSchema,
  // ?tab=all, an empty search and the newest-first order are the defaults and stay out of the address bar.
  search: { middlewares: [stripSearchParams(LIBRARY_SEARCH_DEFAULTS)] },
  loaderDeps: ({ search }) => search,
  // Opening the library: its first page, kept offline, is read while the screen's code loads,
  // so the first frame already shows the tiles (filter changes are the screen's own business).
  // The library's messages load alongside.
  loader: ({ context, deps, cause }) =>
    Promise.all([
      loadScreenCatalogs('library'),
      cause === 'enter'
        ? awaitStoredData(() => {
            markRestoreStart();
            return context.queryClient.prefetchInfiniteQuery(assetsInfiniteQueryOptions(filtersOf(deps)));
          })
        : undefined,
    ]),
  staticData: {
    title: msg`Thư viện của bạn`,
    description: msg`Mọi ảnh và video bạn đã tải lên hoặc tạo ra: tìm, xem lại, tải xuống và dùng lại trong các công cụ.`,
  },
  component: YourAssetsRoute,
});

function YourAssetsRoute() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  const onSearchChange = (patch: Partial<LibrarySearch>) =>
    void navigate({ search: (previous) => ({ ...previous, ...patch }), replace: true, resetScroll: false });
  // `/<studio>?asset=<id>&as=<role>`: the studio's screen takes the asset (use-incoming-asset.ts).
  const onUseIn = (asset: Asset, target: UseInTarget) => void navigate({ href: targetHref(target, asset.id) });
  return <LibraryScreen search={search} onSearchChange={onSearchChange} onUseIn={onUseIn} />;
}
