import { useState, type ReactNode } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { visuallyHidden as visuallyHiddenCaption } from './a11y.css.ts';
import { button } from './button.ts';
import * as s from './table.css.ts';

export type SortDirection = 'ascending' | 'descending';
export interface SortState {
  column: string;
  direction: SortDirection;
}

export interface Column<T> {
  id: string;
  header: ReactNode;
  cell: (row: T) => ReactNode;
  /** The value a sort compares; a column without it cannot be sorted. */
  sortValue?: (row: T) => string | number | null | undefined;
  /** end: numbers and amounts, right-aligned with even digits. */
  align?: 'start' | 'end';
  /** The cell is the row's header (the name that identifies it). */
  rowHeader?: boolean;
}

export interface TableProps<T> {
  /** The table's name, shown above it (or read only, with `hideCaption`). */
  caption: ReactNode;
  hideCaption?: boolean;
  columns: readonly Column<T>[];
  rows: readonly T[] | undefined;
  rowKey: (row: T) => string;
  status?: 'loading' | 'error' | 'ready';
  /** The empty row's words; "Không có dữ liệu" (No data) by default. */
  empty?: ReactNode;
  /** The error row's words; "Không tải được dữ liệu" (Could not load the data) by default. */
  error?: ReactNode;
  onRetry?: () => void;
  /** The sort when controlled (a server sorts); uncontrolled tables sort their rows themselves. */
  sort?: SortState | null;
  onSortChange?: (sort: SortState) => void;
  /** The first sort of an uncontrolled table. */
  defaultSort?: SortState;
  testId?: string;
  /**
   * Below this width of its frame (px), each row is laid out as a card of "header: value" lines
   * instead of a row of columns, so a wide table fits a narrow panel without scrolling sideways
   * (every column, its actions included, stays in view).
   */
  stackBelow?: StackWidth;
}

export type StackWidth = keyof typeof s.stackBelow;

function compare(a: string | number, b: string | number, locale: string): number {
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  return String(a).localeCompare(String(b), locale, { numeric: true, sensitivity: 'base' });
}

/** The rows in the order of a sort (a stable sort; missing values last). */
export function sortRows<T>(rows: readonly T[], columns: readonly Column<T>[], sort: SortState | null | undefined, locale = 'vi'): T[] {
  const column = sort ? columns.find((candidate) => candidate.id === sort.column) : undefined;
  const value = column?.sortValue;
  if (!sort || !value) return [...rows];
  const sign = sort.direction === 'ascending' ? 1 : -1;
  return rows
    .map((row, index) => ({ row, index, key: value(row) }))
    .toSorted((a, b) => {
      // Missing values go last whichever way the column sorts.
      const missingA = a.key === null || a.key === undefined || a.key === '';
      const missingB = b.key === null || b.key === undefined || b.key === '';
      if (missingA || missingB) return missingA === missingB ? a.index - b.index : missingA ? 1 : -1;
      return sign * compare(a.key as string | number, b.key as string | number, locale) || a.index - b.index;
    })
    .map((entry) => entry.row);
}

/** A header press: the same column flips its direction, another column starts ascending. */
export function nextSort(current: SortState | null | undefined, column: string): SortState {
  if (current?.column === column) return { column, direction: current.direction === 'ascending' ? 'descending' : 'ascending' };
  return { column, direction: 'ascending' };
}

/**
 * A data table: sortable headers (buttons; `aria-sort` on the sorted one), and one full-width
 * row while loading, when empty, or when the load failed (with Retry). Wide tables scroll
 * sideways inside their frame on small screens.
 */
export function Table<T>({
  caption,
  hideCaption,
  columns,
  rows,
  rowKey,
  status = 'ready',
  empty,
  error,
  onRetry,
  sort,
  onSortChange,
  defaultSort,
  testId,
  stackBelow,
}: TableProps<T>) {
  const { i18n } = useLingui();
  const [ownSort, setOwnSort] = useState<SortState | null>(defaultSort ?? null);
  const controlled = sort !== undefined;
  const activeSort = controlled ? sort : ownSort;
  const changeSort = (column: string) => {
    const next = nextSort(activeSort, column);
    if (!controlled) setOwnSort(next);
    onSortChange?.(next);
  };
  const shown = rows ? (controlled ? [...rows] : sortRows(rows, columns, activeSort, i18n.locale)) : [];
  const alignClass = (column: Column<T>) => (column.align === 'end' ? ` ${s.end}` : '');
  // Laid out as cards, the rows are no longer a CSS table: the roles keep them one for assistive technology.
  const stacked = stackBelow !== undefined;
  const asRole = (value: string) => (stacked ? value : undefined);
  /** The column's name beside the value, shown only when the rows are cards (the header row says it otherwise). */
  const cellContent = (column: Column<T>, row: T) =>
    stacked ? (
      <>
        <span className={s.cellLabel} aria-hidden="true">
          {column.header}
        </span>
        <span className={s.cellValue}>{column.cell(row)}</span>
      </>
    ) : (
      column.cell(row)
    );

  const stateRow = (content: ReactNode, className: string, role?: 'status' | 'alert') => (
    <tr>
      <td className={className} colSpan={columns.length} role={role}>
        {content}
      </td>
    </tr>
  );

  let body: ReactNode;
  if (status === 'loading') body = stateRow(<Trans>Đang tải…</Trans>, s.stateCell, 'status');
  else if (status === 'error')
    body = stateRow(
      <>
        <p>{error ?? <Trans>Không tải được dữ liệu</Trans>}</p>
        {onRetry ? (
          <div className={s.stateActions}>
            <button type="button" className={button({ variant: 'secondary', size: 'sm' })} onClick={onRetry}>
              <Trans>Thử lại</Trans>
            </button>
          </div>
        ) : null}
      </>,
      s.errorCell,
      'alert',
    );
  else if (shown.length === 0) body = stateRow(empty ?? <Trans>Không có dữ liệu</Trans>, s.stateCell);
  else
    body = shown.map((row) => (
      <tr key={rowKey(row)} className={s.row} role={asRole('row')}>
        {columns.map((column) =>
          column.rowHeader ? (
            <th key={column.id} scope="row" className={s.cell + alignClass(column)} role={asRole('rowheader')}>
              {cellContent(column, row)}
            </th>
          ) : (
            <td key={column.id} className={s.cell + alignClass(column)} role={asRole('cell')}>
              {cellContent(column, row)}
            </td>
          ),
        )}
      </tr>
    ));

  return (
    <div className={stacked ? `${s.frame} ${s.stackBelow[stackBelow]}` : s.frame} data-testid={testId} data-status={status}>
      <table className={s.table} aria-busy={status === 'loading'} role={asRole('table')}>
        <caption className={hideCaption ? visuallyHiddenCaption : s.caption}>{caption}</caption>
        <thead className={s.head} role={asRole('rowgroup')}>
          <tr role={asRole('row')}>
            {columns.map((column) => {
              const sorted = activeSort?.column === column.id ? activeSort.direction : undefined;
              return (
                <th
                  key={column.id}
                  scope="col"
                  className={s.headCell + alignClass(column)}
                  role={asRole('columnheader')}
                  aria-sort={column.sortValue ? (sorted ?? 'none') : undefined}
                >
                  {column.sortValue ? (
                    <button type="button" className={s.sortButton} onClick={() => changeSort(column.id)}>
                      {column.header}
                      <span className={s.sortMark} aria-hidden="true">
                        {sorted === 'ascending' ? '↑' : sorted === 'descending' ? '↓' : '↕'}
                      </span>
                    </button>
                  ) : (
                    column.header
                  )}
                </th>
              );
            })}
          </tr>
        </thead>
        <tbody role={asRole('rowgroup')}>{body}</tbody>
      </table>
    </div>
  );
}
