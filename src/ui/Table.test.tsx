// @vitest-environment happy-dom
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { i18n } from '@lingui/core';
import { nextSort, sortRows, Table, type Column } from './Table.tsx';
import { renderWithProviders } from '../../tests/fixtures/render.tsx';

interface Person {
  id: string;
  name: string;
  credits: number | null;
}

const people: Person[] = [
  { id: '1', name: 'Ánh', credits: 40 },
  { id: '2', name: 'bình', credits: null },
  { id: '3', name: 'An', credits: 5 },
  { id: '4', name: 'Cúc', credits: 40 },
];

const columns: Column<Person>[] = [
  { id: 'name', header: 'Tên', cell: (row) => row.name, sortValue: (row) => row.name, rowHeader: true },
  { id: 'credits', header: 'Tín dụng', cell: (row) => row.credits ?? '—', sortValue: (row) => row.credits, align: 'end' },
  { id: 'id', header: 'Mã', cell: (row) => row.id },
];

beforeAll(() => i18n.loadAndActivate({ locale: 'vi', messages: {} }));
afterEach(cleanup);

const wrap = (node: React.ReactNode) => renderWithProviders(node);
const names = () => screen.getAllByRole('rowheader').map((cell) => cell.textContent);

describe('sortRows', () => {
  it('sorts numbers, keeps ties in their order and puts missing values last both ways', () => {
    const up = sortRows(people, columns, { column: 'credits', direction: 'ascending' }).map((p) => p.id);
    expect(up).toEqual(['3', '1', '4', '2']);
    const down = sortRows(people, columns, { column: 'credits', direction: 'descending' }).map((p) => p.id);
    expect(down).toEqual(['1', '4', '3', '2']);
  });

  it('sorts text by the language, ignoring case and accents first', () => {
    expect(sortRows(people, columns, { column: 'name', direction: 'ascending' }, 'vi').map((p) => p.name)).toEqual(['An', 'Ánh', 'bình', 'Cúc']);
  });

  it('leaves the order alone without a sort or on a column that cannot sort', () => {
    expect(sortRows(people, columns, null)).toEqual(people);
    expect(sortRows(people, columns, { column: 'id', direction: 'descending' })).toEqual(people);
  });

  it('flips the same column and starts another ascending', () => {
    expect(nextSort(null, 'name')).toEqual({ column: 'name', direction: 'ascending' });
    expect(nextSort({ column: 'name', direction: 'ascending' }, 'name')).toEqual({ column: 'name', direction: 'descending' });
    expect(nextSort({ column: 'name', direction: 'descending' }, 'credits')).toEqual({ column: 'credits', direction: 'ascending' });
  });
});

describe('Table', () => {
  it('sorts on a header press and marks the sorted header', () => {
    wrap(<Table caption="Người dùng" columns={columns} rows={people} rowKey={(row) => row.id} />);
    expect(screen.getByRole('table', { name: 'Người dùng' })).toBeTruthy();
    expect(names()).toEqual(['Ánh', 'bình', 'An', 'Cúc']);
    const header = screen.getByRole('columnheader', { name: /Tên/ });
    expect(header.getAttribute('aria-sort')).toBe('none');
    fireEvent.click(within(header).getByRole('button'));
    expect(header.getAttribute('aria-sort')).toBe('ascending');
    expect(names()).toEqual(['An', 'Ánh', 'bình', 'Cúc']);
    fireEvent.click(within(header).getByRole('button'));
    expect(header.getAttribute('aria-sort')).toBe('descending');
    expect(names()).toEqual(['Cúc', 'bình', 'Ánh', 'An']);
    // A column without a sort value has no button and no aria-sort.
    const plain = screen.getByRole('columnheader', { name: 'Mã' });
    expect(plain.getAttribute('aria-sort')).toBeNull();
    expect(within(plain).queryByRole('button')).toBeNull();
  });

  it('leaves the order to the caller when the sort is controlled', () => {
    const onSortChange = vi.fn<(sort: { column: string; direction: string }) => void>();
    wrap(
      <Table
        caption="x"
        columns={columns}
        rows={people}
        rowKey={(row) => row.id}
        sort={{ column: 'credits', direction: 'descending' }}
        onSortChange={onSortChange}
      />,
    );
    expect(names()).toEqual(['Ánh', 'bình', 'An', 'Cúc']);
    fireEvent.click(within(screen.getByRole('columnheader', { name: /Tín dụng/ })).getByRole('button'));
    expect(onSortChange).toHaveBeenCalledWith({ column: 'credits', direction: 'ascending' });
  });

  it('shows one row while loading, when empty, and on an error with Retry', () => {
    const onRetry = vi.fn<() => void>();
    const { rerender } = wrap(<Table caption="x" columns={columns} rows={undefined} rowKey={(row) => row.id} status="loading" />);
    expect(screen.getByRole('status').textContent).toBe('Đang tải…');
    expect(screen.getByRole('table').getAttribute('aria-busy')).toBe('true');

    rerender(<Table caption="x" columns={columns} rows={[]} rowKey={(row) => row.id} empty="Chưa có ai" />);
    const emptyCell = screen.getByText('Chưa có ai');
    expect(emptyCell.getAttribute('colspan')).toBe('3');

    rerender(<Table caption="x" columns={columns} rows={undefined} rowKey={(row) => row.id} status="error" onRetry={onRetry} />);
    expect(screen.getByRole('alert').textContent).toContain('Không tải được dữ liệu');
    fireEvent.click(screen.getByRole('button', { name: 'Thử lại' }));
    expect(onRetry).toHaveBeenCalledTimes(1);
  });
});
