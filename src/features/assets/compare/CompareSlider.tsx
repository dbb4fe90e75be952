/**
 * Before/after comparison of an image result (docs/product-rules.md#result-view): the two images stacked, the
 * "before" one shown left of a divider that follows a drag anywhere on the picture, or the
 * arrow, Page and Home/End keys on its handle (an ARIA slider).
 *
 * Stable test ids: `compare-slider` (the root, `data-position`), `compare-slider-handle`.
 */
import { useRef, useState, type PointerEvent } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { capturePointer } from '../shared/pointer.ts';
import { IconChevronLeft } from '../../../ui/icons/media/IconChevronLeft.tsx';
import { IconChevronRight } from '../../../ui/icons/media/IconChevronRight.tsx';
import { clampPosition, positionFromKey, positionFromPointer } from './position.ts';
import * as s from './compare.css.ts';

export interface CompareImage {
  src: string;
  alt: string;
}

export interface CompareSliderProps {
  before: CompareImage;
  after: CompareImage;
  /** Pixel size of the result, for the frame's aspect ratio (default 1:1 until known). */
  width?: number;
  height?: number;
  /** Where the divider starts, in percent from the left (default 50). */
  initialPosition?: number;
  onPositionChange?: (position: number) => void;
  className?: string;
}

export function CompareSlider({ before, after, width, height, initialPosition = 50, onPositionChange, className }: CompareSliderProps) {
  const { t } = useLingui();
  const [position, setPosition] = useState(() => clampPosition(initialPosition));
  const rootRef = useRef<HTMLDivElement>(null);
  const handleRef = useRef<HTMLDivElement>(null);
  const dragging = useRef<number | null>(null);

  const move = (next: number) => {
    setPosition(next);
    onPositionChange?.(next);
  };

  const fromPointer = (event: PointerEvent<HTMLDivElement>) => {
    const rect = rootRef.current?.getBoundingClientRect();
    if (rect) move(positionFromPointer(event.clientX, rect.left, rect.width));
  };

  const rounded = Math.round(position);
  return (
    <div
      ref={rootRef}
      className={className ? `${s.root} ${className}` : s.root}
      style={{ aspectRatio: width && height ? `${width} / ${height}` : '1' }}
      data-testid="compare-slider"
      data-position={rounded}
      onPointerDown={(event) => {
        if (event.button !== 0 || dragging.current !== null) return;
        dragging.current = event.pointerId;
        capturePointer(event.currentTarget, event.pointerId);
        fromPointer(event);
        // Keyboard users continue from where the pointer left the divider.
        handleRef.current?.focus({ preventScroll: true });
      }}
      onPointerMove={(event) => {
        if (dragging.current === event.pointerId) fromPointer(event);
      }}
      onPointerUp={(event) => {
        if (dragging.current === event.pointerId) dragging.current = null;
      }}
      onPointerCancel={() => {
        dragging.current = null;
      }}
    >
      <img className={s.image} src={after.src} alt={after.alt} draggable={false} />
      <img className={s.image} src={before.src} alt={before.alt} draggable={false} style={{ clipPath: `inset(0 ${100 - position}% 0 0)` }} />
      <span className={s.labelBefore} aria-hidden="true">
        <Trans>Trước</Trans>
      </span>
      <span className={s.labelAfter} aria-hidden="true">
        <Trans>Sau</Trans>
      </span>
      <div className={s.divider} style={{ left: `${position}%` }} />
      <div
        ref={handleRef}
        className={s.handle}
        style={{ left: `${position}%` }}
        role="slider"
        tabIndex={0}
        aria-label={t`So sánh ảnh trước và sau`}
        aria-orientation="horizontal"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={rounded}
        aria-valuetext={t`${rounded}% ảnh trước`}
        data-testid="compare-slider-handle"
        onKeyDown={(event) => {
          const next = positionFromKey(position, event.key);
          if (next === null) return;
          event.preventDefault();
          move(next);
        }}
      >
        <IconChevronLeft size={16} />
        <IconChevronRight size={16} />
      </div>
    </div>
  );
}
