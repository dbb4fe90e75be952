import { useId, useState, type CSSProperties } from 'react';
import type { ExamplePicture } from './types.ts';
import * as s from './landing.css.ts';

interface Props {
  before: ExamplePicture;
  after: ExamplePicture;
  labels: { before: string; after: string; slider: string };
  /** Above the fold: fetched at once; below it, lazily. */
  eager?: boolean;
  /** The result has transparency (a removed background): shown on a checkerboard. */
  transparent?: boolean;
}

/** Where the split starts, % of the width from the left. */
const START_PERCENT = 50;

/**
 * The original and the engine's result, one over the other, split where the handle is. The
 * handle is a native range input over the whole picture (invisible, focusable): dragging with a
 * finger or the mouse, tapping, and the arrow, Page and Home/End keys all move it, and a screen
 * reader announces it as a slider. Pre-rendered at the middle, so the page shows both halves
 * before its script runs.
 */
export function CompareSlider({ before, after, labels, eager = false, transparent = false }: Props) {
  const [split, setSplit] = useState(START_PERCENT);
  const id = useId();
  const loading = eager ? 'eager' : 'lazy';
  return (
    <div className={`${s.compare} ${transparent ? s.checker : ''}`} style={{ '--split': `${split}%` } as CSSProperties}>
      <img className={s.compareImage} src={before.src} width={before.width} height={before.height} alt={labels.before} loading={loading} decoding="async" />
      <img className={`${s.compareImage} ${s.compareAfter}`} src={after.src} width={after.width} height={after.height} alt={labels.after} loading={loading} decoding="async" />
      <input
        id={id}
        className={s.range}
        type="range"
        min={0}
        max={100}
        step={1}
        value={split}
        aria-label={labels.slider}
        aria-valuetext={`${labels.before} ${split}% · ${labels.after} ${100 - split}%`}
        onChange={(event) => setSplit(Number(event.currentTarget.value))}
      />
      <span className={s.divider} aria-hidden="true">
        <span className={s.handle}>
          <svg width="22" height="22" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
            <path d="M9 6 3 12l6 6M15 6l6 6-6 6" />
          </svg>
        </span>
      </span>
      <span className={s.tags} aria-hidden="true">
        <span className={s.tag}>{labels.before}</span>
        <span className={s.tag}>{labels.after}</span>
      </span>
    </div>
  );
}
