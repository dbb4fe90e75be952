import { describe, expect, it } from 'vitest';
import { storageSizeText } from '../contract/media.ts';
import { formatStorageSize } from './storage-size.ts';

describe('formatStorageSize', () => {
  it('words decimal units in the reader’s language, truncating', () => {
    expect(formatStorageSize(4_987_000_000, 'vi')).toBe('4,9 GB');
    expect(formatStorageSize(4_987_000_000, 'en')).toBe('4.9 GB');
    expect(formatStorageSize(5_000_000_000, 'en')).toBe('5 GB');
    expect(formatStorageSize(812_400_000, 'en')).toBe('812 MB');
    expect(formatStorageSize(12_345, 'en')).toBe('12 KB');
    expect(formatStorageSize(0, 'vi')).toBe('0 KB');
    expect(formatStorageSize(Number.NaN, 'en')).toBe('0 KB');
  });

  it('agrees with the server’s English text', () => {
    for (const bytes of [0, 999, 12_345, 812_400_000, 4_987_000_000, 5_000_000_000, 123_000_000_000]) {
      expect(formatStorageSize(bytes, 'en').replace(/,/g, '')).toBe(storageSizeText(bytes));
    }
  });
});
