import type { MessageDescriptor } from '@lingui/core';
import { useLingui } from '@lingui/react';
import type { ChangeEvent, CSSProperties } from 'react';
import type { LandingViewer, ResultProps } from './types.ts';
import * as c from './CompareSlider.css.ts';
import * as s from './landing.css.ts';

/** Where the split starts, % of the width from the left. */
const START_PERCENT = 50;

interface Labels {
  before: MessageDescriptor;
  after: MessageDescriptor;
  /** The slider's accessible name, e.g. "Kéo để so sánh ảnh gốc và ảnh đã thử đồ". */
  label: MessageDescriptor;
  /** Above the example's inputs in its card. */
  inputs: MessageDescriptor;
}

/**
 * The original (the example's first "before") and the engine's result, one over the other, split
 * where the handle is. The handle is a native range input over the whole picture (invisible,
 * focusable): dragging with a finger or the mouse, tapping, and the arrow, Page and Home/End keys
 * all move it, and a screen reader announces it as a slider. Pre-rendered at the middle, so the
 * page shows both halves before its script runs. The input is left uncontrolled: moving it sets
 * the split on the frame and its spoken value directly, so dragging re-renders nothing.
 */
function CompareSlider({ example, hero, transparent, labels }: ResultProps & { labels: Labels }) {
  const { i18n } = useLingui();
  const before = example.before[0]!;
  const { after } = example;
  const [beforeText, afterText] = [i18n._(labels.before), i18n._(labels.after)];
  const valueText = (split: number) => `${beforeText} ${split}% · ${afterText} ${100 - split}%`;
  const move = (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.currentTarget;
    input.parentElement!.style.setProperty('--split', `${input.value}%`);
    input.setAttribute('aria-valuetext', valueText(Number(input.value)));
  };
  const loading = hero ? 'eager' : 'lazy';
  return (
    <div className={`${c.compare} ${transparent ? c.checker : ''}`} style={{ '--split': `${START_PERCENT}%` } as CSSProperties}>
      <img className={s.picture} src={before.src} width={before.width} height={before.height} alt={beforeText} loading={loading} decoding="async" />
      <img
        className={`${s.picture} ${c.compareAfter}`}
        src={after.src}
        width={after.width}
        height={after.height}
        alt={afterText}
        loading={loading}
        decoding="async"
      />
      <input
        className={c.range}
        type="range"
        min={0}
        max={100}
        step={1}
        defaultValue={START_PERCENT}
        aria-label={i18n._(labels.label)}
        aria-valuetext={valueText(START_PERCENT)}
        onChange={move}
      />
      <span className={c.divider} aria-hidden="true">
        <span className={c.handle}>
          <svg width="22" height="22" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
            <path d="M9 6 3 12l6 6M15 6l6 6-6 6" />
          </svg>
        </span>
      </span>
      <span className={c.tags} aria-hidden="true">
        <span className={c.tag}>{beforeText}</span>
        <span className={c.tag}>{afterText}</span>
      </span>
    </div>
  );
}

/** The comparison viewer, in the page's words (built once, at the page module's top level). */
export function compareViewer(labels: Labels): LandingViewer {
  return { Result: (props) => <CompareSlider {...props} labels={labels} />, inputs: labels.inputs };
}
