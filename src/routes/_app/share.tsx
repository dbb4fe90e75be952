import { createFileRoute } from '@tanstack/react-router';
import { msg } from '@lingui/core/macro';
import { requireAuth } from '../../features/auth/RequireAuth.tsx';
import { ShareChooser } from '../../features/share-target/ShareChooser.tsx';
import { assetIdsOf, assetsParam, shareSearchSchema } from '../../features/share-target/search.ts';
import { loadScreenCatalogs } from '../../lib/i18n-app.ts';
import { loadStudioCatalogs } from '../../features/studio/catalogs.ts';

/**
 * Where a photo shared to the installed app lands (the manifest's share target, sw/share-target.ts):
 * signed-in users only (a guest gets the login modal and comes back here). No tablet guard: a
 * share often comes from a phone, and the photo still reaches the library there.
 */
export const Route = createFileRoute('/_app/share')({
  validateSearch: shareSearchSchema,
  staticData: {
    title: msg`Ảnh được chia sẻ`,
    description: msg`Dùng ảnh vừa chia sẻ trong một công cụ của Atelier.`,
  },
  // The studios' shared messages and the chooser's own before it renders.
  loader: () => Promise.all([loadStudioCatalogs(), loadScreenCatalogs('share-target')]),
  component: requireAuth(ShareRoute),
});

function ShareRoute() {
  const { id, assets, reason } = Route.useSearch();
  const navigate = Route.useNavigate();
  const onUploaded = (assetIds: string[]) => void navigate({ search: { assets: assetsParam(assetIds) }, replace: true });
  return <ShareChooser entryId={id} assetIds={assetIdsOf(assets)} reason={reason} onUploaded={onUploaded} />;
}
