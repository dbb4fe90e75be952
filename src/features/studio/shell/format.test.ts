import { describe, expect, it } from 'vitest';
import { formatClock } from './format.ts';

describe('formatClock', () => {
  it('writes m:ss', () => {
    expect(formatClock(0)).toBe('0:00');
    expect(formatClock(45)).toBe('0:45');
    expect(formatClock(185.9)).toBe('3:05');
    expect(formatClock(-3)).toBe('0:00');
  });
});
