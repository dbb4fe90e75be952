import { describe, expect, it } from 'vitest';
import { formatCount as libCount, formatVnd as libVnd } from '../../../../lib/format-number.ts';
import { formatCount, formatVnd } from './vnd.ts';

describe('the pricing page’s own formatters', () => {
  it('write prices and counts as src/lib/format-number.ts does', () => {
    for (const locale of ['vi', 'en'] as const) {
      for (const amount of [0, 129_000, 1_910_400, 23_988_000]) expect(formatVnd(amount, locale)).toBe(libVnd(amount, locale));
      for (const count of [5, 2_000, 24_000]) expect(formatCount(count, locale)).toBe(libCount(count, locale));
    }
  });
});
