import { dayKey } from '../../lib/format.ts';

export interface DayGroup<T> {
  key: string;
  /** The first item's time: the group's day. */
  date: Date;
  items: T[];
}

/** Consecutive items of one local day together, in the order given (newest first stays newest first). */
export function groupByDay<T extends { created_at: string }>(items: readonly T[]): DayGroup<T>[] {
  const groups: DayGroup<T>[] = [];
  for (const item of items) {
    const date = new Date(item.created_at);
    const key = dayKey(date);
    const last = groups.at(-1);
    if (last?.key === key) last.items.push(item);
    else groups.push({ key, date, items: [item] });
  }
  return groups;
}
