import { describe, expect, it } from 'vitest';
import { setupI18n } from '@lingui/core';
import { messages as en } from '../../locales/en/app.po';
import type { ExpectedDurations } from '../../contract/expected-durations.schema.ts';
import { expectedDuration, formatExpectedWait } from './expected-duration.ts';

const vi = setupI18n({ locale: 'vi', messages: { vi: {} } });
const english = setupI18n({ locale: 'en', messages: { en } });
const wait = (minSeconds: number, maxSeconds: number) => ({ minSeconds, maxSeconds });

describe('formatExpectedWait', () => {
  it('tells a short wait in seconds, with the plural form of each language', () => {
    expect(formatExpectedWait(wait(1, 5), vi)).toBe('1–5 giây');
    expect(formatExpectedWait(wait(1, 5), english)).toBe('1–5 seconds');
    expect(formatExpectedWait(wait(1, 1), english)).toBe('1 second');
    expect(formatExpectedWait(wait(1, 1), vi)).toBe('1 giây');
    expect(formatExpectedWait(wait(0.2, 0.4), english)).toBe('1 second');
    expect(formatExpectedWait(wait(30, 90), english)).toBe('30–90 seconds');
  });

  it('tells a longer wait in minutes, the shortest rounded down and the longest up', () => {
    expect(formatExpectedWait(wait(120, 180), vi)).toBe('2–3 phút');
    expect(formatExpectedWait(wait(120, 180), english)).toBe('2–3 minutes');
    expect(formatExpectedWait(wait(30, 100), english)).toBe('1–2 minutes');
    expect(formatExpectedWait(wait(60, 91), english)).toBe('1–2 minutes');
    expect(formatExpectedWait(wait(100, 110), english)).toBe('1–2 minutes');
    expect(formatExpectedWait(wait(45, 120), english)).toBe('1–2 minutes');
    expect(formatExpectedWait(wait(118, 120), english)).toBe('1–2 minutes');
    expect(formatExpectedWait(wait(120, 120), english)).toBe('2 minutes');
    expect(formatExpectedWait(wait(10, 55), english)).toBe('10–55 seconds');
  });
});

describe('expectedDuration with what the server measured', () => {
  const measured: ExpectedDurations = {
    items: [
      { feature: 'body-generator', engine: 'local', min_seconds: 1, max_seconds: 2, samples: 12 },
      { feature: 'virtual-tryon', engine: 'local', min_seconds: 2, max_seconds: 3, samples: 8 },
    ],
  };

  it("takes the server's figure for the tool, the try-on's per garment", () => {
    expect(expectedDuration('body-generator', null, measured)).toEqual(wait(1, 2));
    expect(expectedDuration('virtual-tryon', { inputs: { garments: [{}, {}, {}] } }, measured)).toEqual(wait(6, 9));
  });

  it("falls back to the contract's default for the job's engine", () => {
    expect(expectedDuration('image-editing', { inputs: {}, engine: 'local' }, measured)).toEqual(wait(1, 5));
    expect(expectedDuration('body-generator', { inputs: {}, engine: 'fal' }, null)).toEqual(wait(120, 180));
    // A job that ran on another engine than the one measured now: its own engine's figure.
    expect(expectedDuration('body-generator', { inputs: {}, engine: 'fal' }, measured)).toEqual(wait(120, 180));
    expect(expectedDuration('virtual-tryon', { inputs: { garments: [{}, {}] }, engine: 'local' }, null)).toEqual(wait(2, 10));
  });

  it('says what holds on every engine when neither the engine nor a measure is known (offline, first render)', () => {
    expect(expectedDuration('image-editing', null, measured)).toEqual(wait(1, 180));
    expect(expectedDuration('virtual-tryon', null, null)).toEqual(wait(1, 45));
  });
});
