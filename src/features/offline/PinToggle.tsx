import { Trans, useLingui } from '@lingui/react/macro';
import type { Asset } from '../../contract/media.schema.ts';
import { notify } from '../../lib/toast.ts';
import { button } from '../../ui/button.ts';
import { Stroke } from '../../ui/icons/icon.tsx';
import { usePinnedAsset, type PinOutcome } from './use-pinned-asset.ts';
import * as s from './offline.css.ts';

/** A download-to-device arrow; filled in when pinned. */
function OfflineIcon({ filled }: { filled: boolean }) {
  return (
    <Stroke size={18}>
      <path d="M12 3v12" />
      <path d="m7 10 5 5 5-5" />
      <path d="M5 20h14" strokeWidth={filled ? 3 : 1.75} />
    </Stroke>
  );
}

/**
 * "Keep offline" (docs/product-rules.md#keep-offline): a toggle that keeps the asset's full file, thumbnail and poster on
 * this device, never evicted by the media cache's budget. Used by the library and the review
 * dialog.
 */
export function PinToggle({ asset, className }: { asset: Asset; className?: string }) {
  const { t } = useLingui();
  const { supported, pinned, busy, toggle } = usePinnedAsset(asset);

  const onClick = async () => {
    let outcome: PinOutcome;
    try {
      outcome = await toggle();
    } catch {
      // No service worker controls the page (first visit, a private window without one).
      notify.error(t`Không lưu được để dùng ngoại tuyến`, { description: t`Hãy tải lại trang rồi thử lại.` });
      return;
    }
    if (outcome === 'pinned') notify.success(t`Đã lưu trên thiết bị để xem khi ngoại tuyến`);
    else if (outcome === 'unpinned') notify.message(t`Đã bỏ giữ ngoại tuyến`);
    else notify.error(t`Không tải được tệp về thiết bị`, { description: t`Vui lòng thử lại khi có mạng.` });
  };

  return (
    <button
      type="button"
      className={`${button({ variant: 'secondary', size: 'sm' })} ${s.pinToggle}${className ? ` ${className}` : ''}`}
      aria-pressed={pinned}
      aria-busy={busy || undefined}
      disabled={!supported || busy}
      title={supported ? undefined : t`Trình duyệt này không hỗ trợ lưu tệp để dùng ngoại tuyến`}
      onClick={() => void onClick()}
      data-testid="pin-toggle"
    >
      <OfflineIcon filled={pinned} />
      {busy && !pinned ? <Trans>Đang lưu…</Trans> : <Trans>Giữ ngoại tuyến</Trans>}
    </button>
  );
}
