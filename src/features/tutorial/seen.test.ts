// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { forgetTutorialSeen, hasSeenTutorial, markTutorialSeen, tutorialSeenKey } from './seen.ts';

afterEach(() => localStorage.clear());

describe('tutorial seen marks', () => {
  it('are kept per tutorial id in localStorage', () => {
    expect(hasSeenTutorial('virtual-tryon')).toBe(false);
    markTutorialSeen('virtual-tryon');
    expect(hasSeenTutorial('virtual-tryon')).toBe(true);
    expect(hasSeenTutorial('upscaler')).toBe(false);
    expect(localStorage.getItem(tutorialSeenKey('virtual-tryon'))).not.toBeNull();
    forgetTutorialSeen('virtual-tryon');
    expect(hasSeenTutorial('virtual-tryon')).toBe(false);
  });
});
