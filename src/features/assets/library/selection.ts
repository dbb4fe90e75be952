/**
 * The library's multi-select, as plain data: a set of asset ids and the anchor a shift-click
 * extends from (like a file manager). No React here; LibraryScreen keeps one of these in state.
 */

export interface Selection {
  readonly ids: ReadonlySet<string>;
  /** The last asset toggled on its own: a shift-click selects from here. */
  readonly anchor: string | null;
}

export const EMPTY_SELECTION: Selection = { ids: new Set(), anchor: null };

/** Selects or unselects one asset; it becomes the anchor. */
export function toggle(selection: Selection, id: string): Selection {
  const ids = new Set(selection.ids);
  if (!ids.delete(id)) ids.add(id);
  return { ids, anchor: id };
}

/**
 * Shift-click: every asset from the anchor to `id` (inclusive, either direction) is added to the
 * selection, in `order` (the list as shown). Without an anchor still in the list it is a toggle.
 * The anchor stays, so a second shift-click re-extends from the same place.
 */
export function selectRange(selection: Selection, order: readonly string[], id: string, indexOf?: ReadonlyMap<string, number>): Selection {
  const position = (key: string) => (indexOf ? (indexOf.get(key) ?? -1) : order.indexOf(key));
  const from = selection.anchor === null ? -1 : position(selection.anchor);
  const to = position(id);
  if (from < 0 || to < 0) return toggle(selection, id);
  const ids = new Set(selection.ids);
  const [start, end] = from <= to ? [from, to] : [to, from];
  for (let index = start; index <= end; index += 1) ids.add(order[index]!);
  return { ids, anchor: selection.anchor };
}

/** Every asset loaded so far. */
export function selectAll(order: readonly string[]): Selection {
  return { ids: new Set(order), anchor: order[0] ?? null };
}

/**
 * Keeps only assets still in the list (after a delete, or when the filters change what is
 * listed). Answers the same object when nothing went, so a memoised screen does not re-render.
 */
export function keepPresent(selection: Selection, present: ReadonlySet<string> | ReadonlyMap<string, unknown>): Selection {
  let missing = false;
  for (const id of selection.ids) {
    if (!present.has(id)) {
      missing = true;
      break;
    }
  }
  const anchorGone = selection.anchor !== null && !present.has(selection.anchor);
  if (!missing && !anchorGone) return selection;
  const ids = new Set([...selection.ids].filter((id) => present.has(id)));
  return { ids, anchor: anchorGone ? null : selection.anchor };
}
