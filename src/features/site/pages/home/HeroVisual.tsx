import { Trans } from '@lingui/react/macro';
import { IconCheck } from '../../../../ui/icons/app/IconCheck.tsx';
import { HangerIcon } from '../../../../ui/icons/site/HangerIcon.tsx';
import * as hv from './hero-visual.css.ts';

/** The drawing, a static file: it costs the page's JavaScript nothing and is cached with the site. */
const HERO_IMAGE = '/images/hero-try-on.svg';

/**
 * The hero's picture: a model in an arch, the left half as photographed, the right half wearing
 * the tried-on dress. Decorative: the copy beside it says the same in words.
 */
export function HeroVisual() {
  return (
    <div className={hv.visual} aria-hidden="true">
      <img className={hv.visualSvg} src={HERO_IMAGE} alt="" width={440} height={520} decoding="async" fetchPriority="high" />

      <div className={hv.beforeAfter}>
        <span className={hv.tag}>
          <Trans>Ảnh gốc</Trans>
        </span>
        <span className={hv.tag}>
          <Trans>Đã thử đồ</Trans>
        </span>
      </div>
      <div className={hv.chipTop}>
        <span className={hv.chipIcon}>
          <HangerIcon size={16} />
        </span>
        <Trans>Thử đồ ảo · 1 tín dụng</Trans>
      </div>
      <div className={hv.chipBottom}>
        <span className={hv.chipIconDone}>
          <IconCheck size={16} strokeWidth={1.75} />
        </span>
        <Trans>Xong sau 38 giây</Trans>
      </div>
    </div>
  );
}
