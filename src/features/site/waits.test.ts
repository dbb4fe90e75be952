import { describe, expect, it } from 'vitest';
import { DEFAULT_EXPECTED_SECONDS } from '../../contract/expected-durations.ts';
import { LONGEST_MINUTES, minutesAtMost } from './waits.ts';

describe('the waits a public page promises', () => {
  it('hold on every engine: the longest expected wait, in whole minutes rounded up', () => {
    expect(minutesAtMost('virtual-tryon')).toBe(
      Math.ceil(Math.max(DEFAULT_EXPECTED_SECONDS.local['virtual-tryon'].max, DEFAULT_EXPECTED_SECONDS.fal['virtual-tryon'].max) / 60),
    );
    for (const engine of ['local', 'fal'] as const) {
      for (const [feature, range] of Object.entries(DEFAULT_EXPECTED_SECONDS[engine])) {
        expect(range.max).toBeLessThanOrEqual(minutesAtMost(feature as keyof typeof DEFAULT_EXPECTED_SECONDS.local) * 60);
        expect(range.max).toBeLessThanOrEqual(LONGEST_MINUTES * 60);
      }
    }
  });
});
