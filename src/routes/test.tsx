import { createFileRoute } from '@tanstack/react-router';
import { msg } from '@lingui/core/macro';
import { loadScreenCatalogs } from '../lib/i18n-app.ts';
import { DeviceGate } from '../features/shell/DeviceGate.tsx';
import { DeviceCheck, DeviceCheckFrame } from '../features/shell/device-check/DeviceCheckPage.tsx';

/** /test: the device and browser check (docs/product-rules.md#routes-public: no sign-in guard). Phones get the restriction screen. */
export const Route = createFileRoute('/test')({
  staticData: {
    title: msg`Kiểm tra thiết bị`,
    description: msg`Kiểm tra thiết bị và trình duyệt của bạn có dùng được các studio AI của Atelier hay không.`,
  },
  // The check's messages before it renders.
  loader: () => loadScreenCatalogs('device-check'),
  component: TestRoute,
});

function TestRoute() {
  return (
    <DeviceCheckFrame>
      <DeviceGate allowMobile={false}>
        <DeviceCheck />
      </DeviceGate>
    </DeviceCheckFrame>
  );
}
