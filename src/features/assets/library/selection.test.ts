import { describe, expect, test } from 'vitest';
import { EMPTY_SELECTION, keepPresent, selectAll, selectRange, toggle } from './selection.ts';

const order = ['a', 'b', 'c', 'd', 'e', 'f'];
const ids = (selection: { ids: ReadonlySet<string> }) => [...selection.ids].toSorted();

describe('library selection', () => {
  test('toggle adds and removes one asset and moves the anchor', () => {
    const one = toggle(EMPTY_SELECTION, 'b');
    expect(ids(one)).toEqual(['b']);
    expect(one.anchor).toBe('b');
    const none = toggle(one, 'b');
    expect(ids(none)).toEqual([]);
    expect(none.anchor).toBe('b');
  });

  test('shift selects from the anchor to the asset, either way, keeping what was selected', () => {
    const start = toggle(toggle(EMPTY_SELECTION, 'f'), 'b');
    expect(ids(selectRange(start, order, 'd'))).toEqual(['b', 'c', 'd', 'f']);
    // Upwards from the anchor too.
    const up = selectRange(toggle(EMPTY_SELECTION, 'e'), order, 'c');
    expect(ids(up)).toEqual(['c', 'd', 'e']);
    // The anchor stays: a second shift-click re-extends from it.
    expect(up.anchor).toBe('e');
    expect(ids(selectRange(up, order, 'a'))).toEqual(['a', 'b', 'c', 'd', 'e']);
  });

  test('shift without an anchor in the list is a plain toggle', () => {
    expect(ids(selectRange(EMPTY_SELECTION, order, 'c'))).toEqual(['c']);
    const gone = { ids: new Set<string>(), anchor: 'zzz' };
    expect(ids(selectRange(gone, order, 'c'))).toEqual(['c']);
  });

  test('the position map gives the same ranges as the list', () => {
    const positions = new Map(order.map((id, index) => [id, index]));
    const start = toggle(EMPTY_SELECTION, 'a');
    expect(ids(selectRange(start, order, 'c', positions))).toEqual(ids(selectRange(start, order, 'c')));
  });

  test('select all takes every loaded asset', () => {
    expect(ids(selectAll(order))).toEqual(order);
  });

  test('assets no longer listed leave the selection; nothing changes when all are there', () => {
    const selection = toggle(toggle(EMPTY_SELECTION, 'a'), 'c');
    expect(keepPresent(selection, new Set(order))).toBe(selection);
    const kept = keepPresent(selection, new Set(['a', 'b']));
    expect(ids(kept)).toEqual(['a']);
    // The anchor ('c') went too.
    expect(kept.anchor).toBeNull();
  });
});
