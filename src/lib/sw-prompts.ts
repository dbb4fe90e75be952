import { msg } from '@lingui/core/macro';
import { i18n } from './i18n.ts';
import { notify } from './toast.ts';
import type { ServiceWorkerEvents } from './sw-bridge.ts';

const UPDATE_TOAST_ID = 'sw-update';

/** The "new version available — reload" prompt and the one-time "ready to work offline" toast. */
export const swPrompts: ServiceWorkerEvents = {
  onUpdateReady(apply) {
    notify.message(i18n._(msg`Đã có phiên bản mới`), {
      id: UPDATE_TOAST_ID,
      description: i18n._(msg`Tải lại để dùng phiên bản mới nhất của Atelier.`),
      // Stays until the user decides; the new version never takes over without consent.
      duration: Infinity,
      action: { label: i18n._(msg`Tải lại`), onClick: apply },
      cancel: { label: i18n._(msg`Để sau`), onClick: () => undefined },
    });
  },
  onOfflineReady() {
    notify.success(i18n._(msg`Sẵn sàng dùng khi không có mạng`), {
      description: i18n._(msg`Atelier đã được lưu trên thiết bị này và vẫn mở được khi mất kết nối.`),
    });
  },
};
