import { createFileRoute } from '@tanstack/react-router';
import { msg } from '@lingui/core/macro';
import { StudioGuard } from '../../features/studio/shell/StudioPage.tsx';
import { incomingAssetSearchSchema } from '../../features/assets/incoming-asset.ts';
import { UpscalerScreen } from '../../features/studio/upscaler/UpscalerScreen.tsx';
import { loadStudioCatalogs } from '../../features/studio/catalogs.ts';

/** The upscaler studio (spec §2), image and video modes, for signed-in users on a tablet or larger. */
export const Route = createFileRoute('/_app/upscaler')({
  // ?asset=<id>&as=<role>: an asset to start with (the screen takes it, then drops both).
  validateSearch: incomingAssetSearchSchema,
  staticData: {
    title: msg`Làm nét ảnh`,
    description: msg`Phóng to ảnh hoặc video và làm nét chi tiết: tải lên, thiết lập rồi nâng cấp.`,
  },
  // The studio's messages, before it renders.
  loader: () => loadStudioCatalogs('image-to-video', 'upscaler'),
  component: UpscalerRoute,
});

function UpscalerRoute() {
  return (
    <StudioGuard>
      <UpscalerScreen />
    </StudioGuard>
  );
}
