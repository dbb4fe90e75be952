import { describe, expect, it } from 'vitest';
import { formatCount, formatRelativeTime, formatStatsMonth, formatSuccessRate, NO_FIGURE } from './format.ts';

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
    expect(formatStatsMonth('2025-03-01T00:00:00.000Z', 'en')).toBe('March 2025');
    expect(formatStatsMonth('2025-03-01T00:00:00.000Z', 'vi')).toBe('tháng 3 năm 2025');
    expect(formatStatsMonth('not a date', 'en')).toBe('');
  });

  it('says how long ago, in the largest whole unit', () => {
    const now = Date.parse('2025-03-10T12:00:00.000Z');
    expect(formatRelativeTime('2025-03-10T09:00:00.000Z', 'en', now)).toBe('3 hours ago');
    expect(formatRelativeTime('2025-03-09T12:00:00.000Z', 'en', now)).toBe('yesterday');
    expect(formatRelativeTime('2025-03-10T11:59:30.000Z', 'en', now)).toBe('now');
    expect(formatRelativeTime('2025-03-10T11:55:00.000Z', 'vi', now)).toBe('5 phút trước');
  });
});
