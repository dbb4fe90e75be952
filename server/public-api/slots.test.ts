import { describe, expect, it } from 'vitest';
import { spareMax, TokenSlots } from './slots.ts';

const S = 1_000_000;

describe('reserved admissions of a token', () => {
  it('spends slots in order, each standing for its place in the schedule', () => {
    const slots = new TokenSlots();
    // Base 100 s, T = 1 s, 3 slots: they leave the tat at 101, 102 and 103 s.
    slots.add(100 * S, 3, S);
    expect(slots.usable(100 * S)).toBe(3);
    expect([slots.take(100 * S), slots.take(100 * S), slots.take(100 * S), slots.take(100 * S)]).toEqual([101 * S, 102 * S, 103 * S, null]);
    expect(slots.empty).toBe(true);
  });

  it('lets a slot lapse once the tat it continues from has passed (s − T < now)', () => {
    const slots = new TokenSlots();
    slots.add(100 * S, 3, S);
    // At 101 s the first slot (continuing from 100 s) has lapsed; the second continues from 101 s.
    expect(slots.usable(101 * S)).toBe(2);
    expect(slots.take(101 * S)).toBe(102 * S);
    // At 102.5 s the third (continuing from 102 s) has lapsed too.
    expect(slots.usable(102.5 * S)).toBe(0);
    expect(slots.take(102.5 * S)).toBeNull();
    expect(slots.empty).toBe(true);
  });

  it('spends the reservation that lapses first, across reservations', () => {
    const slots = new TokenSlots();
    slots.add(100 * S, 2, S);
    slots.add(110 * S, 2, S);
    expect(slots.usable(100 * S)).toBe(4);
    expect(slots.take(105 * S)).toBe(111 * S);
    expect(slots.usable(105 * S)).toBe(1);
  });

  it('reserves ahead at most a twentieth of a limit', () => {
    expect([spareMax(1), spareMax(19), spareMax(20), spareMax(60), spareMax(1_000)]).toEqual([0, 0, 1, 3, 50]);
  });
});
