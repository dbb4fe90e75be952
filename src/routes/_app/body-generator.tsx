import { createFileRoute } from '@tanstack/react-router';
import { msg } from '@lingui/core/macro';
import { BodyGeneratorScreen } from '../../features/studio/body-generator/BodyGeneratorScreen.tsx';
import { StudioGuard } from '../../features/studio/shell/StudioPage.tsx';
import { incomingAssetSearchSchema } from '../../features/assets/incoming-asset.ts';
import { loadStudioCatalogs } from '../../features/studio/catalogs.ts';

/** The body generator studio (spec §2), for signed-in users on a tablet or larger. */
export const Route = createFileRoute('/_app/body-generator')({
  // ?asset=<id>&as=<role>: an asset to start with (the screen takes it, then drops both).
  validateSearch: incomingAssetSearchSchema,
  staticData: {
    title: msg`Tạo người mẫu`,
    description: msg`Tạo người mẫu ảo theo số đo và dáng người, có thể kèm ảnh khuôn mặt, để dùng cho thử đồ.`,
  },
  // The studio's messages, before it renders.
  loader: () => loadStudioCatalogs('body-generator'),
  component: BodyGeneratorRoute,
});

function BodyGeneratorRoute() {
  return (
    <StudioGuard>
      <BodyGeneratorScreen />
    </StudioGuard>
  );
}
