import { describe, it, expect } from 'vitest';
import { formatBytes } from './probe.ts';

describe('formatBytes', () => {
  it('picks a unit and formats per locale', () => {
    expect(formatBytes(512, 'en-US')).toBe('512 byte');
    expect(formatBytes(1536, 'en-US')).toBe('1.5 kB');
    expect(formatBytes(1.5 * 1024 ** 3, 'en-US')).toBe('1.5 GB');
    expect(formatBytes(1.5 * 1024 ** 3, 'vi-VN')).toBe('1,5 GB');
    expect(formatBytes(250 * 1024 ** 2, 'en-US')).toBe('250 MB');
  });

  it('never goes negative', () => {
    expect(formatBytes(-5, 'en-US')).toBe('0 byte');
  });
});
