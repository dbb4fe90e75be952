import { Trans } from '@lingui/react/macro';
import type { Asset } from '../../../contract/media.schema.ts';
import { formatDuration } from '../../../lib/format.ts';
import { IconPlay } from '../../../ui/icons/media/IconPlay.tsx';
import { thumbBadge, thumbKindBadge } from './thumb-badges.css.ts';

/**
 * The pills over an asset's thumbnail, shared by the library and the assets picker: a video's
 * play mark and length, and "Đã làm nét" on an upscaled result. The classes place them.
 */
export function ThumbBadges({ asset, videoClassName, kindClassName }: { asset: Asset; videoClassName: string; kindClassName: string }) {
  return (
    <>
      {asset.media_type === 'video' ? (
        <span className={`${thumbBadge} ${videoClassName}`}>
          <IconPlay size={14} />
          {asset.duration_seconds !== null ? formatDuration(asset.duration_seconds) : null}
        </span>
      ) : null}
      {asset.kind === 'upscaled' ? (
        <span className={`${thumbKindBadge} ${kindClassName}`}>
          <Trans>Đã làm nét</Trans>
        </span>
      ) : null}
    </>
  );
}
