import { describe, expect, it } from 'vitest';
import { DEFAULT_EXPECTED_SECONDS, type EngineName, measuredRange } from '../../src/contract/expected-durations.ts';
import type { Feature } from '../../src/contract/tools.ts';
import { createExpectedDurations, type MeasuredJob } from './expected-durations.ts';

/** The try-on on the hosted engine, the rest local. */
function engineFor(feature: Feature): EngineName {
  return feature === 'virtual-tryon' ? 'fal' : 'local';
}

describe('measuredRange', () => {
  it('is the median and the 90th percentile, whole seconds, never under a second', () => {
    expect(measuredRange([0.2, 0.3])).toBeNull();
    expect(measuredRange([0.2, 0.4, 0.3])).toEqual({ min: 1, max: 1 });
    expect(measuredRange([10, 30, 20, 40, 100])).toEqual({ min: 30, max: 100 });
  });
});

describe('expected durations', () => {
  const jobs: Partial<Record<Feature, MeasuredJob[]>> = {
    'image-editing': [0.4, 0.5, 0.6, 0.5].map((seconds) => ({ seconds, passes: 1 })),
    // Two garments take twice one: the figure is per garment.
    'virtual-tryon': [20, 22, 24].map((seconds) => ({ seconds, passes: 2 })),
  };
  const recent = async (feature: Feature) => jobs[feature] ?? [];

  it('measures the tools that ran enough, per garment for the try-on, and gives the engine default to the others', async () => {
    const { items } = await createExpectedDurations({ recent, engineFor })();
    const of = (feature: Feature) => items.find((item) => item.feature === feature);
    expect(of('image-editing')).toEqual({ feature: 'image-editing', engine: 'local', min_seconds: 1, max_seconds: 1, samples: 4 });
    expect(of('virtual-tryon')).toEqual({ feature: 'virtual-tryon', engine: 'fal', min_seconds: 11, max_seconds: 12, samples: 3 });
    expect(of('upscaler-video')).toEqual({
      feature: 'upscaler-video',
      engine: 'local',
      ...toSeconds(DEFAULT_EXPECTED_SECONDS.local['upscaler-video']),
      samples: 0,
    });
  });

  it('reads the jobs again once a minute has passed', async () => {
    let now = 0;
    let reads = 0;
    const get = createExpectedDurations({ recent: async () => (reads++, []), engineFor: () => 'local', now: () => now });
    await get();
    await get();
    const perAnswer = reads;
    now = 61_000;
    await get();
    expect(reads).toBe(2 * perAnswer);
  });
});

function toSeconds(range: { min: number; max: number }) {
  return { min_seconds: range.min, max_seconds: range.max };
}
