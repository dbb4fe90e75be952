import { createFileRoute } from '@tanstack/react-router';
import { msg } from '@lingui/core/macro';
import { HairstyleChangerScreen } from '../../features/studio/hairstyle/HairstyleChangerScreen.tsx';
import { StudioGuard } from '../../features/studio/shell/StudioPage.tsx';
import { incomingAssetSearchSchema } from '../../features/assets/incoming-asset.ts';
import { loadStudioCatalogs } from '../../features/studio/catalogs.ts';

/** The hairstyle changer studio (spec §2), for signed-in users on a tablet or larger. */
export const Route = createFileRoute('/_app/hairstyle-changer')({
  // ?asset=<id>&as=<role>: an asset to start with (the screen takes it, then drops both).
  validateSearch: incomingAssetSearchSchema,
  staticData: {
    title: msg`Đổi kiểu tóc`,
    description: msg`Thử kiểu tóc và màu tóc mới trên ảnh chân dung: tải ảnh, chọn kiểu, tô vùng tóc rồi tạo ảnh.`,
  },
  // The studio's messages, before it renders.
  loader: () => loadStudioCatalogs('hairstyle'),
  component: HairstyleChangerRoute,
});

function HairstyleChangerRoute() {
  return (
    <StudioGuard>
      <HairstyleChangerScreen />
    </StudioGuard>
  );
}
