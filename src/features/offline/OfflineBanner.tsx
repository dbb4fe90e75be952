import { useEffect, useState } from 'react';
import { useIsFetching } from '@tanstack/react-query';
import { Trans } from '@lingui/react/macro';
import { useOnline } from '../../lib/offline/online.ts';
import * as s from './offline.css.ts';

/** "Back online" stays this long after the last refetch ended (ms), long enough to be read. */
export const BACK_ONLINE_LINGER_MS = 1_500;

/**
 * The offline indicator (docs/product-rules.md#offline-data): while the browser is offline, screens show the data saved
 * last time, and this bar says so. When the network returns, the queries refetch (TanStack
 * resumes paused fetches and refetches stale ones); the bar says "back online" until they are
 * done, then goes. Offline, a second line says what pictures there are (docs/product-rules.md#media-cache):
 * the thumbnails of what the lists showed; full-size files only when opened online or kept offline. The live region is always in the page, so the change is announced.
 */
export function OfflineBanner() {
  const online = useOnline();
  const fetching = useIsFetching();
  const [previousOnline, setPreviousOnline] = useState(online);
  const [recovering, setRecovering] = useState(false);
  // Adjusted while rendering (not in an effect): the first paint after a change is already right.
  if (online !== previousOnline) {
    setPreviousOnline(online);
    setRecovering(online);
  }

  useEffect(() => {
    if (!recovering || fetching > 0) return;
    const timer = setTimeout(() => setRecovering(false), BACK_ONLINE_LINGER_MS);
    return () => clearTimeout(timer);
  }, [recovering, fetching]);

  return (
    <div role="status" aria-live="polite">
      {!online ? (
        <p className={s.banner} data-testid="offline-banner">
          <span className={s.bannerDot} aria-hidden="true" />
          <span className={s.bannerText}>
            <Trans>Bạn đang ngoại tuyến — đang hiển thị dữ liệu đã lưu lần trước</Trans>
            <span className={s.bannerNote} data-testid="offline-kept-note">
              <Trans>Ảnh thu nhỏ của các danh sách đã xem được lưu; ảnh gốc và video chỉ có khi đã mở lúc có mạng hoặc đã bật “Giữ ngoại tuyến”.</Trans>
            </span>
          </span>
        </p>
      ) : recovering ? (
        <p className={s.bannerBack} data-testid="offline-banner-back">
          <span className={s.bannerDot} aria-hidden="true" />
          <Trans>Đã kết nối lại — đang cập nhật dữ liệu…</Trans>
        </p>
      ) : null}
    </div>
  );
}
