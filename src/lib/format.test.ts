import { describe, expect, it } from 'vitest';
import { storageSizeText } from '../contract/media.ts';
import {
  dayKey,
  formatBytes,
  formatClock,
  formatCount,
  formatDayHeading,
  formatDuration,
  formatFixed,
  formatMonth,
  formatProcessingTime,
  formatRelativeTime,
  formatShortDate,
  formatStorageSize,
  formatSuccessRate,
  formatTimestamp,
  formatVnd,
  formatWeekdayDate,
  NO_FIGURE,
} from './format.ts';

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
    expect(formatRelativeTime(new Date(2025, 2, 12, 14, 55), 'vi', now)).toBe('5 phút trước');
    expect(formatRelativeTime(new Date(2025, 2, 12, 12, 0), 'en', now)).toBe('3 hours ago');
    expect(formatRelativeTime(new Date(2025, 2, 11, 14, 0), 'en', now)).toBe('yesterday');
  });

  it('heads a day group with today, yesterday, or the full date', () => {
    expect(formatDayHeading(new Date(2025, 2, 12, 1, 0), now, 'vi')).toBe('Hôm nay');
    expect(formatDayHeading(new Date(2025, 2, 11, 23, 0), now, 'en')).toBe('Yesterday');
    expect(formatDayHeading(new Date(2025, 2, 10, 9, 0), now, 'en')).toBe('Monday, March 10, 2025');
    expect(formatDayHeading(new Date(2025, 2, 10, 9, 0), now, 'vi')).toMatch(/^Thứ Hai, 10 tháng 3, 2025$/);
  });
});

describe('dashboard figures', () => {
  it('writes a success rate as a percentage in each language', () => {
    expect(formatSuccessRate(0.875, 'vi')).toBe('87,5%');
    expect(formatSuccessRate(0.875, 'en')).toBe('87.5%');
    expect(formatSuccessRate(1, 'vi')).toBe('100%');
    expect(formatSuccessRate(0, 'en')).toBe('0%');
    expect(formatSuccessRate(2 / 3, 'en')).toBe('66.6%');
  });

  it('shows a dash before any job has ended', () => {
    expect(formatSuccessRate(null, 'vi')).toBe(NO_FIGURE);
    expect(formatSuccessRate(null, 'en')).toBe('—');
  });

  it('never rounds a rate with a failure up to 100 %', () => {
    expect(formatSuccessRate(0.9996, 'en')).toBe('99.9%');
    expect(formatSuccessRate(1.2, 'en')).toBe('100%');
  });

  it('groups thousands the way each language does', () => {
    expect(formatCount(12_345, 'vi')).toBe('12.345');
    expect(formatCount(12_345, 'en')).toBe('12,345');
    expect(formatCount(0, 'vi')).toBe('0');
  });

  it('names the month the count covers, in UTC', () => {
    expect(formatMonth('2025-03-01T00:00:00.000Z', 'en')).toBe('March 2025');
    expect(formatMonth('2025-03-01T00:00:00.000Z', 'vi')).toBe('tháng 3 năm 2025');
    expect(formatMonth('not a date', 'en')).toBe('');
  });

  it('says how long ago, in the largest whole unit', () => {
    const now = Date.parse('2025-03-10T12:00:00.000Z');
    expect(formatRelativeTime('2025-03-10T09:00:00.000Z', 'en', now)).toBe('3 hours ago');
    expect(formatRelativeTime('2025-03-09T12:00:00.000Z', 'en', now)).toBe('yesterday');
    expect(formatRelativeTime('2025-03-10T11:59:30.000Z', 'en', now)).toBe('now');
    expect(formatRelativeTime('2025-03-10T11:55:00.000Z', 'vi', now)).toBe('5 phút trước');
  });
});

describe('formatClock', () => {
  it('writes a timer as m:ss, rounded down', () => {
    expect(formatClock(59.9)).toBe('0:59');
    expect(formatClock(600)).toBe('10:00');
  });
});

describe('sizes, lengths and money', () => {
  it('writes file sizes with the language separator', () => {
    expect(formatBytes(512, 'en')).toBe('512 B');
    expect(formatBytes(820 * 1024, 'vi')).toBe('820 KB');
    expect(formatBytes(3.4 * 1024 * 1024, 'vi')).toBe('3,4 MB');
    expect(formatBytes(1.5 * 1024 ** 3, 'en')).toBe('1.5 GB');
    expect(formatBytes(250 * 1024 ** 2, 'en')).toBe('250 MB');
  });

  it('never writes a negative size', () => {
    expect(formatBytes(-5, 'en')).toBe('0 B');
  });

  it('writes the storage quota in decimal units, truncating', () => {
    expect(formatStorageSize(4_987_000_000, 'vi')).toBe('4,9 GB');
    expect(formatStorageSize(4_987_000_000, 'en')).toBe('4.9 GB');
    expect(formatStorageSize(5_000_000_000, 'en')).toBe('5 GB');
    expect(formatStorageSize(812_400_000, 'en')).toBe('812 MB');
    expect(formatStorageSize(12_345, 'en')).toBe('12 KB');
    expect(formatStorageSize(0, 'vi')).toBe('0 KB');
    expect(formatStorageSize(Number.NaN, 'en')).toBe('0 KB');
  });

  it('words the storage quota as the server does', () => {
    for (const bytes of [0, 999, 12_345, 812_400_000, 4_987_000_000, 5_000_000_000, 123_000_000_000]) {
      expect(formatStorageSize(bytes, 'en').replace(/,/g, '')).toBe(storageSizeText(bytes));
    }
  });

  it('writes a measure with a fixed number of decimals', () => {
    expect(formatFixed(22.04, 'vi', 1)).toBe('22,0');
    expect(formatFixed(22.46, 'en', 1)).toBe('22.5');
    expect(formatFixed(1234.5, 'en', 1)).toBe('1,234.5');
  });

  it('writes a video length rounded up, so a short clip is not 0:00', () => {
    expect(formatDuration(0.4)).toBe('0:01');
    expect(formatDuration(65)).toBe('1:05');
    expect(formatDuration(-1)).toBe('0:00');
  });

  it('writes prices in đồng in each language', () => {
    expect(formatVnd(199_000, 'vi').replace(/\s/g, ' ')).toBe('199.000 ₫');
    expect(formatVnd(199_000, 'en')).toBe('₫199,000');
  });

  it('writes dates short, with the weekday, and to the second', () => {
    const date = new Date(2025, 2, 12, 14, 32, 5);
    expect(formatShortDate(date, 'en')).toBe('Mar 12, 2025');
    expect(formatShortDate(date, 'vi')).toBe('12 thg 3, 2025');
    expect(formatWeekdayDate(date, 'en')).toBe('Wednesday, March 12');
    expect(formatWeekdayDate(date, 'vi')).toBe('Thứ Tư, 12 tháng 3');
    expect(formatTimestamp(date, 'en')).toBe('Mar 12, 2025, 2:32:05 PM');
    expect(formatTimestamp(date, 'vi')).toBe('14:32:05 12 thg 3, 2025');
  });

  it('keeps the day key of the local calendar', () => {
    expect(dayKey(new Date(2025, 0, 5, 23, 59))).toBe('2025-01-05');
  });
});
