import { describe, expect, it } from 'vitest';
import { variants } from './variants.ts';

const pick = variants(
  'base',
  { tone: { dark: 'tone-dark', light: 'tone-light' }, round: { true: 'round-yes', false: 'round-no' } },
  { tone: 'light', round: 'false' },
);

describe('variants', () => {
  it('joins the base and each variant, defaults for what is left out', () => {
    expect(pick()).toBe('base tone-light round-no');
    expect(pick({ tone: 'dark' })).toBe('base tone-dark round-no');
    expect(pick({ tone: undefined, round: true })).toBe('base tone-light round-yes');
    expect(pick({ round: false })).toBe('base tone-light round-no');
  });
});
