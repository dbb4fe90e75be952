import { createFileRoute } from '@tanstack/react-router';
import { msg } from '@lingui/core/macro';
import { StudioGuard } from '../../features/studio/shell/StudioPage.tsx';
import { incomingAssetSearchSchema } from '../../features/assets/incoming-asset.ts';
import { VirtualTryOnScreen } from '../../features/studio/virtual-tryon/VirtualTryOnScreen.tsx';
import { loadStudioCatalogs } from '../../features/studio/catalogs.ts';

/** The virtual try-on studio (spec §2), for signed-in users on a tablet or larger. */
export const Route = createFileRoute('/_app/virtual-tryon')({
  // ?asset=<id>&as=<role>: an asset to start with (the screen takes it, then drops both).
  validateSearch: incomingAssetSearchSchema,
  staticData: {
    title: msg`Thử đồ ảo`,
    description: msg`Mặc thử quần áo lên ảnh người mẫu: chọn người mẫu, chọn trang phục rồi tạo ảnh.`,
  },
  // The studio's messages, before it renders.
  loader: () => loadStudioCatalogs('virtual-tryon'),
  component: VirtualTryOnRoute,
});

function VirtualTryOnRoute() {
  return (
    <StudioGuard>
      <VirtualTryOnScreen />
    </StudioGuard>
  );
}
