import { useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { mediaSrc } from '../../lib/media-src.ts';
import { useOnline } from '../../lib/offline/online.ts';
import { button } from '../../ui/button.ts';
import * as s from './offline.css.ts';

/**
 * A full-size picture or video that did not load (docs/product-rules.md#media-cache): offline,
 * a file that was neither pinned nor opened online is not on the device, and the browser would
 * show a broken-image icon with the file's name. The viewer shows this instead: what happened,
 * what to do, and the thumbnail when it is kept.
 *
 * Stable test ids: `media-offline-unavailable` (offline), `media-unavailable` (online, with
 * `media-unavailable-retry`).
 */

export interface MediaFailure {
  /** The element's source failed to load. */
  failed: boolean;
  /** It failed while the browser was offline. */
  offline: boolean;
  /** The media element's `onError`. */
  onError: () => void;
  /** Forgets the failure: the caller, which drew the message instead of the element, draws a new element that loads again. */
  retry: () => void;
}

function browserOffline(): boolean {
  return typeof navigator !== 'undefined' && navigator.onLine === false;
}

/**
 * Whether the media element showing `src` failed. Forgotten when the source changes, and when the
 * network returns after an offline failure. The caller draws the message instead of the element
 * while it failed, so the element drawn again afterwards is a new one and loads again. With
 * `offlineOnly`, a failure online is not counted (a video this browser cannot decode says so itself).
 */
export function useMediaFailure(src: string | null | undefined, { offlineOnly = false }: { offlineOnly?: boolean } = {}): MediaFailure {
  const online = useOnline();
  const [failure, setFailure] = useState<{ src: string; offline: boolean } | null>(null);
  // Adjusted while rendering: the first paint after a change is already right.
  if (failure && (failure.src !== src || (failure.offline && online))) setFailure(null);
  const current = failure && failure.src === src && !(failure.offline && online) ? failure : null;
  return {
    failed: current !== null,
    offline: current?.offline ?? false,
    onError: () => {
      const offline = browserOffline() || !online;
      if (src && (offline || !offlineOnly)) setFailure({ src, offline });
    },
    retry: () => setFailure(null),
  };
}

/** The message's props for a failed viewer item: a picture over its thumbnail, a video over its poster. */
export function failedMediaProps(
  failure: MediaFailure,
  item: { media_type: string; thumbnail_url?: string | null; poster_url?: string | null },
): Pick<MediaUnavailableProps, 'kind' | 'offline' | 'thumbnail' | 'onRetry'> {
  const image = item.media_type === 'image';
  const still = image ? item.thumbnail_url : item.poster_url;
  return { kind: image ? 'image' : 'video', offline: failure.offline, thumbnail: still ? mediaSrc(still) : null, onRetry: failure.retry };
}

export interface MediaUnavailableProps {
  kind: 'image' | 'video';
  offline: boolean;
  /** The thumbnail or poster, shown when it is kept on the device (hidden when it fails too). */
  thumbnail?: string | null | undefined;
  onRetry?: () => void;
  /** Over a viewer's stage (centred) rather than in the flow. */
  overlay?: boolean;
  className?: string;
}

export function MediaUnavailable({ kind, offline, thumbnail, onRetry, overlay = false, className }: MediaUnavailableProps) {
  const { t } = useLingui();
  const [thumbFailed, setThumbFailed] = useState<string | null>(null);
  const title = offline
    ? kind === 'video'
      ? t`Video chưa được lưu để xem ngoại tuyến`
      : t`Ảnh gốc chưa được lưu để xem ngoại tuyến`
    : kind === 'video'
      ? t`Không tải được video`
      : t`Không tải được ảnh gốc`;
  return (
    <div
      className={`${overlay ? s.unavailableOverlay : s.unavailable}${className ? ` ${className}` : ''}`}
      role="status"
      data-testid={offline ? 'media-offline-unavailable' : 'media-unavailable'}
    >
      {thumbnail && thumbFailed !== thumbnail ? (
        <img className={s.unavailableThumb} src={thumbnail} alt="" decoding="async" draggable={false} onError={() => setThumbFailed(thumbnail)} />
      ) : null}
      <p className={s.unavailableTitle}>{title}</p>
      <p className={s.unavailableText}>
        {offline ? (
          <Trans>Hãy mở lại khi có mạng, hoặc bật “Giữ ngoại tuyến” cho tệp này lúc có mạng để xem được cả khi ngoại tuyến.</Trans>
        ) : (
          <Trans>Kiểm tra kết nối rồi thử lại.</Trans>
        )}
      </p>
      {!offline && onRetry ? (
        <button
          type="button"
          className={button({ variant: 'secondary', size: 'sm' })}
          onClick={onRetry}
          onPointerDown={(event) => event.stopPropagation()}
          data-testid="media-unavailable-retry"
        >
          <Trans>Thử lại</Trans>
        </button>
      ) : null}
    </div>
  );
}
