import { createFileRoute } from '@tanstack/react-router';
import { msg } from '@lingui/core/macro';
import { ImageToVideoScreen } from '../../features/studio/image-to-video/ImageToVideoScreen.tsx';
import { StudioGuard } from '../../features/studio/shell/StudioPage.tsx';
import { incomingAssetSearchSchema } from '../../features/assets/incoming-asset.ts';
import { loadStudioCatalogs } from '../../features/studio/catalogs.ts';

/** The image-to-video studio (spec §2), for signed-in users on a tablet or larger. */
export const Route = createFileRoute('/_app/image-to-video')({
  // ?asset=<id>&as=<role>: an asset to start with (the screen takes it, then drops both).
  validateSearch: incomingAssetSearchSchema,
  staticData: {
    title: msg`Ảnh thành video`,
    description: msg`Biến một bức ảnh tĩnh thành video ngắn: tải ảnh lên, chọn mô hình và thông số rồi tạo video.`,
  },
  // The studio's messages, before it renders.
  loader: () => loadStudioCatalogs('image-to-video'),
  component: ImageToVideoRoute,
});

function ImageToVideoRoute() {
  return (
    <StudioGuard>
      <ImageToVideoScreen />
    </StudioGuard>
  );
}
