import { describe, expect, it } from 'vitest';
import { assignSlots } from './LibraryGrid.tsx';

describe('recycled grid rows', () => {
  it('keeps the slots of rows that stay and gives the slots of rows that left to rows that came', () => {
    const first = assignSlots([0, 1, 2, 3], new Map());
    expect([...first]).toEqual([
      [0, 0],
      [1, 1],
      [2, 2],
      [3, 3],
    ]);
    // Scrolled by two rows: 2 and 3 stay where they are, 4 and 5 reuse the DOM rows of 0 and 1.
    const second = assignSlots([2, 3, 4, 5], first);
    expect(second.get(2)).toBe(2);
    expect(second.get(3)).toBe(3);
    expect(new Set([second.get(4), second.get(5)])).toEqual(new Set([0, 1]));
    // No two rows ever share a slot; more rows than before take new slots.
    const third = assignSlots([3, 4, 5, 6, 7, 8], second);
    expect(new Set(third.values()).size).toBe(6);
    expect(third.get(4)).toBe(second.get(4));
  });

  it('gives the same answer for the same input (a render done twice)', () => {
    const previous = assignSlots([5, 6, 7], new Map());
    const once = assignSlots([6, 7, 8], previous);
    expect(assignSlots([6, 7, 8], once)).toEqual(once);
  });
});
