import { Trans } from '@lingui/react/macro';
import { IconCheck } from '../../../../ui/icons/app/IconCheck.tsx';
import { HangerIcon } from '../../../../ui/icons/site/HangerIcon.tsx';
import * as hv from './hero-visual.css.ts';

const SKIN = '#d7a285';
const HAIR = '#231b1a';

/**
 * The hero's picture, drawn rather than loaded: a model in an arch, the left half as
 * photographed, the right half wearing the tried-on dress. Decorative: the copy beside it
 * says the same in words.
 */
export function HeroVisual() {
  return (
    <div className={hv.visual} aria-hidden="true">
      <svg className={hv.visualSvg} viewBox="0 0 440 520" focusable="false">
        <defs>
          <linearGradient id="hero-arch" x1="0" y1="0" x2="0" y2="1">
            <stop offset="0" stopColor="#f3ebdf" />
            <stop offset="1" stopColor="#d6c1a4" />
          </linearGradient>
          <linearGradient id="hero-dress" x1="0" y1="0" x2="0.3" y2="1">
            <stop offset="0" stopColor="#b9464a" />
            <stop offset="1" stopColor="#7a2226" />
          </linearGradient>
          <clipPath id="hero-arch-clip">
            <path d="M20 510V215a200 200 0 0 1 400 0v295z" />
          </clipPath>
          <clipPath id="hero-before">
            <rect x="0" y="0" width="220" height="520" />
          </clipPath>
          <clipPath id="hero-after">
            <rect x="220" y="0" width="220" height="520" />
          </clipPath>
        </defs>

        <path d="M20 510V215a200 200 0 0 1 400 0v295z" fill="url(#hero-arch)" />
        <g clipPath="url(#hero-arch-clip)">
          <path d="M220 60v450" stroke="#ffffff" strokeOpacity="0.35" strokeDasharray="2 8" />
          <ellipse cx="220" cy="486" rx="118" ry="12" fill="#000000" fillOpacity="0.12" />

          {/* The model: shared by both halves. */}
          <path d="M186 150c0-24 15-42 34-42s34 18 34 42v44h-13v-32h-42v32h-13z" fill={HAIR} />
          <ellipse cx="220" cy="158" rx="22" ry="27" fill={SKIN} />
          <rect x="212" y="182" width="16" height="24" rx="6" fill={SKIN} />
          <path d="M176 216 162 336M264 216l14 120" stroke={SKIN} strokeWidth="15" strokeLinecap="round" />
          <path d="M204 400v78M236 400v78" stroke={SKIN} strokeWidth="14" strokeLinecap="round" />
          <path d="M188 120c10-14 34-18 50-6" stroke="#ffffff" strokeOpacity="0.18" strokeWidth="4" fill="none" strokeLinecap="round" />

          {/* Before: a plain tee and jeans. */}
          <g clipPath="url(#hero-before)">
            <path d="M170 206q50-16 100 0l10 58-19 5-3 34h-76l-3-34-19-5z" fill="#ece8e1" stroke="#c9c6bf" />
            <path d="M182 302h76l-4 172h-25l-9-128-9 128h-25z" fill="#46566f" />
            <path d="M220 306v36" stroke="#33415a" strokeWidth="2" />
          </g>

          {/* After: the tried-on dress. */}
          <g clipPath="url(#hero-after)">
            <path d="M174 206q46-18 92 0l-4 58q-8 18-4 38l44 170H138l44-170q4-20-4-38z" fill="url(#hero-dress)" />
            <path d="M180 282h80" stroke="#2a0c0e" strokeOpacity="0.45" strokeWidth="5" />
            <path d="M232 300l14 168M250 296l28 172M226 302v166" stroke="#ffffff" strokeOpacity="0.14" strokeWidth="2" />
          </g>

          {/* The before/after divider. */}
          <g>
            <path d="M220 40v480" stroke="#ffffff" strokeWidth="2.5" />
            <circle cx="220" cy="330" r="17" fill="#ffffff" />
            <path d="M214 324l-6 6 6 6M226 324l6 6-6 6" stroke="#0b0b0c" strokeWidth="2" fill="none" strokeLinecap="round" strokeLinejoin="round" />
          </g>
        </g>
        <path d="M20 510V215a200 200 0 0 1 400 0v295z" fill="none" stroke="#ffffff" strokeOpacity="0.3" />
      </svg>

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
