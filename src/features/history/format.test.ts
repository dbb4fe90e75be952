import { describe, expect, it } from 'vitest';
import { dayKey, formatDayHeading, formatProcessingTime, formatRelative, groupByDay } from './format.ts';

describe('formatProcessingTime', () => {
  it('says seconds, minutes and hours in Vietnamese', () => {
    expect(formatProcessingTime(42_000, 'vi')).toBe('42 giây');
    expect(formatProcessingTime(125_000, 'vi')).toBe('2 phút 5 giây');
    expect(formatProcessingTime(120_000, 'vi')).toBe('2 phút');
    expect(formatProcessingTime(2_400, 'vi')).toBe('2,4 giây');
    expect(formatProcessingTime(3_780_000, 'vi')).toBe('1 giờ 3 phút');
  });

  it('says them in English with plurals', () => {
    expect(formatProcessingTime(42_000, 'en')).toBe('42 seconds');
    expect(formatProcessingTime(125_000, 'en')).toBe('2 minutes 5 seconds');
    expect(formatProcessingTime(61_000, 'en')).toBe('1 minute 1 second');
    expect(formatProcessingTime(2_400, 'en')).toBe('2.4 seconds');
    expect(formatProcessingTime(3_600_000, 'en')).toBe('1 hour');
  });

  it('rounds at the edges without showing "60 seconds" or "10.0"', () => {
    expect(formatProcessingTime(9_960, 'en')).toBe('10 seconds');
    expect(formatProcessingTime(59_600, 'en')).toBe('1 minute');
    expect(formatProcessingTime(0, 'vi')).toBe('0 giây');
    expect(formatProcessingTime(40, 'vi')).toBe('0,1 giây');
    expect(formatProcessingTime(-5, 'en')).toBe('0 seconds');
  });
});

describe('relative and day labels', () => {
  const now = new Date(2025, 2, 12, 15, 0);

  it('says how long ago in the language', () => {
    expect(formatRelative(new Date(2025, 2, 12, 14, 55), now, 'vi')).toBe('5 phút trước');
    expect(formatRelative(new Date(2025, 2, 12, 12, 0), now, 'en')).toBe('3 hours ago');
    expect(formatRelative(new Date(2025, 2, 11, 14, 0), now, 'en')).toBe('yesterday');
  });

  it('heads a day group with today, yesterday, or the full date', () => {
    expect(formatDayHeading(new Date(2025, 2, 12, 1, 0), now, 'vi')).toBe('Hôm nay');
    expect(formatDayHeading(new Date(2025, 2, 11, 23, 0), now, 'en')).toBe('Yesterday');
    expect(formatDayHeading(new Date(2025, 2, 10, 9, 0), now, 'en')).toBe('Monday, March 10, 2025');
    expect(formatDayHeading(new Date(2025, 2, 10, 9, 0), now, 'vi')).toMatch(/^Thứ Hai, 10 tháng 3, 2025$/);
  });

  it('groups consecutive items of one local day', () => {
    const items = [new Date(2025, 2, 12, 9), new Date(2025, 2, 12, 8), new Date(2025, 2, 10, 23), new Date(2025, 2, 10, 0, 1)].map((date) => ({
      created_at: date.toISOString(),
    }));
    const groups = groupByDay(items);
    expect(groups.map((group) => [group.key, group.items.length])).toEqual([
      [dayKey(new Date(2025, 2, 12)), 2],
      [dayKey(new Date(2025, 2, 10)), 2],
    ]);
  });
});
