import { useLingui } from '@lingui/react/macro';
import { IconFit } from '../../../ui/icons/media/IconFit.tsx';
import { IconZoomIn } from '../../../ui/icons/media/IconZoomIn.tsx';
import { IconZoomOut } from '../../../ui/icons/media/IconZoomOut.tsx';
import { MAX_SCALE, MIN_SCALE, ZOOM_STEP } from './zoom.ts';
import * as s from './review.css.ts';

interface ZoomToolbarProps {
  scale: number;
  /** The zoom shown, in per cent of the fitted size. */
  percent: number;
  onZoom: (scale: number) => void;
  onFit: () => void;
}

/** The viewer's zoom buttons (out, the level, in, fit) under an image. */
export function ZoomToolbar({ scale, percent, onZoom, onFit }: ZoomToolbarProps) {
  const { t } = useLingui();
  return (
    <div className={s.toolbar} role="toolbar" aria-label={t`Thu phóng`}>
      <button
        type="button"
        className={s.toolButton}
        aria-label={t`Thu nhỏ`}
        disabled={scale <= MIN_SCALE}
        data-testid="review-zoom-out"
        onClick={() => onZoom(scale / ZOOM_STEP)}
      >
        <IconZoomOut size={22} />
      </button>
      <span className={s.zoomLevel} aria-live="polite">
        {percent}%
      </span>
      <button
        type="button"
        className={s.toolButton}
        aria-label={t`Phóng to`}
        disabled={scale >= MAX_SCALE}
        data-testid="review-zoom-in"
        onClick={() => onZoom(scale * ZOOM_STEP)}
      >
        <IconZoomIn size={22} />
      </button>
      <button type="button" className={s.toolButton} aria-label={t`Vừa màn hình`} disabled={scale <= MIN_SCALE} data-testid="review-zoom-reset" onClick={onFit}>
        <IconFit size={22} />
      </button>
    </div>
  );
}
