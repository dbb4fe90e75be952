import { Trans } from '@lingui/react/macro';
import { FOUR_K_PIXELS } from '../../../contract/generation-params.ts';
import type { Asset } from '../../../contract/media.schema.ts';
import { formatDimensions } from '../../../lib/format.ts';
import { IconWarning } from '../../../ui/icons/media/IconWarning.tsx';
import * as s from './over4k.css.ts';

interface Dimensions {
  width: number;
  height: number;
}

export interface Over4kProps {
  /** An existing asset: warned about when the server marked it `over4k` (or its size says so). */
  asset?: Pick<Asset, 'warnings' | 'width' | 'height'>;
  /** A planned output (the upscaler's input size × factor, before submitting), in px. */
  planned?: Dimensions;
  /** Class of the wrapper (the live region, always present). */
  className?: string;
}

/** More pixels than 4K UHD (FOUR_K_PIXELS, 3840×2160). */
export function exceeds4k({ width, height }: Dimensions): boolean {
  return width * height > FOUR_K_PIXELS;
}

/** docs/product-rules.md#over-4k: whether an upscale output is above 4K, for an asset or a planned size. */
export function isOver4k({ asset, planned }: Pick<Over4kProps, 'asset' | 'planned'>): boolean {
  if (asset && (asset.warnings.includes('over4k') || exceeds4k(asset))) return true;
  return planned !== undefined && exceeds4k(planned);
}

/**
 * The over-4K warning (docs/product-rules.md#over-4k): the file will be large and some apps may not open it. Renders an empty live
 * region when the output is within 4K, so a screen places it unconditionally and a change of
 * factor that crosses 4K is announced.
 */
export function Over4kWarning({ asset, planned, className }: Over4kProps) {
  const plannedOver = planned !== undefined && exceeds4k(planned);
  const over = plannedOver || isOver4k({ asset });
  const size = plannedOver ? formatDimensions(planned.width, planned.height) : asset ? formatDimensions(asset.width, asset.height) : '';
  return (
    <div role="status" aria-live="polite" className={className}>
      {over ? (
        <div className={s.note} data-testid="over4k-warning">
          <IconWarning className={s.icon} size={20} />
          <div className={s.text}>
            <span className={s.title}>
              <Trans>Kích thước vượt quá 4K</Trans>
            </span>
            <span>
              {plannedOver ? (
                <Trans>Kết quả sẽ có kích thước {size} px, lớn hơn 4K (3840 × 2160). Tệp sẽ khá nặng và một số ứng dụng có thể không mở được.</Trans>
              ) : (
                <Trans>Tệp này có kích thước {size} px, lớn hơn 4K (3840 × 2160). Tệp khá nặng và một số ứng dụng có thể không mở được.</Trans>
              )}
            </span>
          </div>
        </div>
      ) : null}
    </div>
  );
}
