import { describe, expect, it } from 'vitest';
import { cutoutPath, highlightRect, placeTooltip } from './geometry.ts';
import { TUTORIAL } from './types.ts';

const viewport = { width: 1024, height: 768 };
const tooltip = { width: TUTORIAL.tooltipWidth, height: TUTORIAL.tooltipHeight };
const gap = TUTORIAL.tooltipOffset;
const margin = TUTORIAL.viewportMargin;

describe('highlightRect', () => {
  it('grows the target by the padding, 8 px by default', () => {
    expect(highlightRect({ top: 100, left: 200, width: 50, height: 20 })).toEqual({ top: 92, left: 192, width: 66, height: 36 });
    expect(highlightRect({ top: 100, left: 200, width: 50, height: 20 }, 0)).toEqual({ top: 100, left: 200, width: 50, height: 20 });
  });
});

describe('placeTooltip', () => {
  it('centres a step without a target', () => {
    expect(placeTooltip({ highlight: null, tooltip, viewport })).toEqual({ left: 352, top: 284, side: 'center' });
  });

  it('auto: below the target when there is room, centred on it', () => {
    const highlight = { top: 100, left: 400, width: 200, height: 50 };
    expect(placeTooltip({ highlight, tooltip, viewport })).toEqual({ side: 'bottom', top: 150 + gap, left: 500 - 160 });
  });

  it('auto: above when the room is above', () => {
    const highlight = { top: 600, left: 400, width: 200, height: 50 };
    expect(placeTooltip({ highlight, tooltip, viewport })).toEqual({ side: 'top', top: 600 - gap - 200, left: 340 });
  });

  it('auto: beside when neither above nor below has room', () => {
    const tall = { top: 150, left: 50, width: 200, height: 500 };
    expect(placeTooltip({ highlight: tall, tooltip, viewport })).toMatchObject({ side: 'right', left: 250 + gap });
    const tallRight = { top: 150, left: 700, width: 200, height: 500 };
    expect(placeTooltip({ highlight: tallRight, tooltip, viewport })).toMatchObject({ side: 'left', left: 700 - gap - 320 });
  });

  it('keeps an explicit side with room, flips it to the opposite side without', () => {
    const highlight = { top: 300, left: 400, width: 200, height: 50 };
    expect(placeTooltip({ highlight, tooltip, viewport, placement: 'top' }).side).toBe('top');
    expect(placeTooltip({ highlight, tooltip, viewport, placement: 'left' }).side).toBe('left');
    const nearTop = { top: 40, left: 400, width: 200, height: 50 };
    expect(placeTooltip({ highlight: nearTop, tooltip, viewport, placement: 'top' }).side).toBe('bottom');
  });

  it('stays inside the viewport margins', () => {
    const corner = { top: 10, left: 990, width: 30, height: 30 };
    const position = placeTooltip({ highlight: corner, tooltip, viewport });
    expect(position.side).toBe('bottom');
    expect(position.left).toBe(1024 - 320 - margin);
    const huge = { top: 0, left: 0, width: 1024, height: 768 };
    const inside = placeTooltip({ highlight: huge, tooltip, viewport });
    expect(inside.left).toBeGreaterThanOrEqual(margin);
    expect(inside.top).toBeGreaterThanOrEqual(margin);
    expect(inside.left + 320).toBeLessThanOrEqual(1024 - margin);
    expect(inside.top + 200).toBeLessThanOrEqual(768 - margin);
  });

  it('adds the step offset', () => {
    const highlight = { top: 100, left: 400, width: 200, height: 50 };
    expect(placeTooltip({ highlight, tooltip, viewport, offset: { x: 10, y: -6 } })).toEqual({ side: 'bottom', top: 160, left: 350 });
  });
});

describe('cutoutPath', () => {
  it('is the whole viewport without a hole', () => {
    expect(cutoutPath(viewport, null)).toBe('M0 0H1024V768H0Z');
  });

  it('adds a rounded hole as a second sub-path, the radius capped by the hole size', () => {
    const d = cutoutPath(viewport, { top: 90, left: 190, width: 140, height: 60 }, 8);
    expect(d.startsWith('M0 0H1024V768H0Z')).toBe(true);
    expect(d).toContain('M198 90H322A8 8 0 0 1 330 98V142A8 8 0 0 1 322 150H198A8 8 0 0 1 190 142V98A8 8 0 0 1 198 90Z');
    expect(cutoutPath(viewport, { top: 0, left: 0, width: 10, height: 10 }, 50)).toContain('A5 5');
  });
});
