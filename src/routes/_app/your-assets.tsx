import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import { msg } from '@lingui/core/macro';
import type { Asset } from '../../contract/media.ts';
import { LibraryScreen } from '../../features/assets/library/LibraryScreen.tsx';
import { LIBRARY_SEARCH_DEFAULTS, librarySearchSchema, type LibrarySearch } from '../../features/assets/library/search.ts';
import { targetHref, type UseInTarget } from '../../features/studio/shell/incoming-asset.ts';
import { StudioGuard } from '../../features/studio/shell/StudioPage.tsx';

/** The library of every upload and result (spec §2 Your assets), for signed-in users on a tablet or larger. */
export const Route = createFileRoute('/_app/your-assets')({
  validateSearch: librarySearchSchema,
  // ?tab=all, an empty search and the newest-first order are the defaults and stay out of the address bar.
  search: { middlewares: [stripSearchParams(LIBRARY_SEARCH_DEFAULTS)] },
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
  return (
    <StudioGuard>
      <LibraryScreen search={search} onSearchChange={onSearchChange} onUseIn={onUseIn} />
    </StudioGuard>
  );
}
