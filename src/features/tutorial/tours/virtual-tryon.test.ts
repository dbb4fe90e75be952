import { describe, expect, it } from 'vitest';
import { i18n } from '@lingui/core';
import { MAX_GARMENTS } from '../../../contract/generation-params.ts';
import { CREDIT_PRICES } from '../../../contract/prices.ts';
import { tutorialTarget, type TutorialText } from '../types.ts';
import { TRYON_TUTORIAL_TARGETS, virtualTryOnTutorial } from './virtual-tryon.ts';

i18n.load('vi', {});
i18n.activate('vi');
const text = (value: TutorialText) => (typeof value === 'string' ? value : i18n._(value));

describe('the virtual try-on tutorial', () => {
  const { steps } = virtualTryOnTutorial;

  it('points, in the flow order, at every data-tutorial target of the try-on screen', () => {
    expect(steps.map((step) => step.target).filter(Boolean)).toEqual(
      [TRYON_TUTORIAL_TARGETS.model, TRYON_TUTORIAL_TARGETS.garments, TRYON_TUTORIAL_TARGETS.generate, TRYON_TUTORIAL_TARGETS.history].map(tutorialTarget),
    );
    // Every targeted step waits: the pickers render after their data loads.
    expect(steps.filter((step) => step.target).every((step) => step.waitForElement)).toBe(true);
    expect(new Set(steps.map((step) => step.id)).size).toBe(steps.length);
  });

  it('gives the photo guidance, the garment limit and the price per garment, and names no fixed wait', () => {
    const all = steps.map((step) => `${text(step.title)} ${text(step.content)}`).join('\n');
    expect(all).toContain('toàn thân');
    expect(all).toContain('tư thế đứng thẳng tự nhiên');
    expect(all).toContain('nền trơn');
    expect(all).toContain(`tối đa ${MAX_GARMENTS} món`);
    expect(all).toContain(`${CREDIT_PRICES.tryOnPerGarment} tín dụng cho mỗi món đồ`);
    // The wait depends on the engine: the step's own note says it, the tutorial does not restate a figure.
    expect(all).not.toMatch(/\d+–\d+ giây/);
  });
});
