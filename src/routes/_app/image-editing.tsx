import { createFileRoute } from '@tanstack/react-router';
import { msg } from '@lingui/core/macro';
import { StudioGuard } from '../../features/studio/shell/StudioPage.tsx';
import { incomingAssetSearchSchema } from '../../features/assets/incoming-asset.ts';
import { ImageEditingScreen } from '../../features/studio/image-editing/ImageEditingScreen.tsx';
import { loadStudioCatalogs } from '../../features/studio/catalogs.ts';

/** The image editing studio (spec §2), for signed-in users on a tablet or larger. */
export const Route = createFileRoute('/_app/image-editing')({
  // ?asset=<id>&as=<role>: an asset to start with (the screen takes it, then drops both).
  validateSearch: incomingAssetSearchSchema,
  staticData: {
    title: msg`Chỉnh sửa ảnh`,
    description: msg`Tải một hoặc nhiều ảnh lên, mô tả điều muốn thay đổi rồi tạo ảnh mới.`,
  },
  // The studio's messages, before it renders.
  loader: () => loadStudioCatalogs('image-editing'),
  component: ImageEditingRoute,
});

function ImageEditingRoute() {
  return (
    <StudioGuard>
      <ImageEditingScreen />
    </StudioGuard>
  );
}
