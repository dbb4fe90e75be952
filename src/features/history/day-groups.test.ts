import { describe, expect, it } from 'vitest';
import { dayKey } from '../../lib/format.ts';
import { groupByDay } from './day-groups.ts';

describe('groupByDay', () => {
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
