import { Trans } from '@lingui/react/macro';
import * as s from './dashboard.css.ts';

/**
 * A section with nothing saved on this device while the browser is offline: its request waits
 * (paused) for the network, so instead of a skeleton that would never resolve, say so. It loads
 * by itself when the network returns.
 */
export function OfflineEmpty({ section }: { section: string }) {
  return (
    <div className={s.stateCard} role="status" data-testid="offline-empty" data-section={section}>
      <p>
        <Trans>Chưa có dữ liệu lưu trên thiết bị này. Phần này sẽ tự tải khi có mạng trở lại.</Trans>
      </p>
    </div>
  );
}
