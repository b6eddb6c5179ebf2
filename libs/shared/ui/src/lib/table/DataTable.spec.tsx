import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { DataTable, type DataTableColumn, type SortState } from './DataTable';
import { rowNumber } from './rowNumber';

interface Service {
  _id: string;
  ServiceName: string;
  ServicePrice: number;
}

const services: Service[] = Array.from({ length: 12 }, (_, i) => ({
  _id: `s${i + 1}`,
  ServiceName: `Service ${i + 1}`,
  ServicePrice: (i + 1) * 100,
}));

const columns: DataTableColumn<Service>[] = [
  { key: 'ServiceName', header: 'Service Name', sortable: true },
  {
    key: 'ServicePrice',
    header: 'Service Value',
    sortable: true,
    render: (s) => `₹${s.ServicePrice}`,
  },
];

/** A page that owns paging and sorting, as the admin lists do. */
function ServiceList({ pageSize = 5 }: { pageSize?: number }) {
  const [page, setPage] = useState(1);
  const [sort, setSort] = useState<SortState>({ field: 'ServiceName', direction: 'asc' });
  const rows = services.slice((page - 1) * pageSize, page * pageSize);
  return (
    <>
      <DataTable
        caption="Services"
        columns={columns}
        rows={rows}
        rowKey={(s) => s._id}
        numbered
        sort={sort}
        onSortChange={setSort}
        pagination={{ page, pageSize, total: services.length, onPageChange: setPage }}
      />
      <output>{`${sort.field} ${sort.direction}`}</output>
    </>
  );
}

function serialNumbers(): string[] {
  const body = screen.getAllByRole('rowgroup')[1];
  return within(body)
    .getAllByRole('row')
    .map((row) => within(row).getAllByRole('cell')[0].textContent ?? '');
}

describe('DataTable', () => {
  it('is named by its caption and shows a serial number column', () => {
    render(<ServiceList />);
    expect(screen.getByRole('table', { name: 'Services' })).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: 'Sr. No.' })).toBeInTheDocument();
    expect(serialNumbers()).toEqual(['1', '2', '3', '4', '5']);
  });

  it('keeps counting serial numbers on the next pages', async () => {
    const user = userEvent.setup();
    render(<ServiceList />);

    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByText('Page 2 of 3')).toBeInTheDocument();
    expect(serialNumbers()).toEqual(['6', '7', '8', '9', '10']);

    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(serialNumbers()).toEqual(['11', '12']);
  });

  it('disables Previous on the first page and Next on the last', async () => {
    const user = userEvent.setup();
    render(<ServiceList />);
    const previous = screen.getByRole('button', { name: 'Previous' });
    const next = screen.getByRole('button', { name: 'Next' });

    expect(previous).toBeDisabled();
    expect(next).toBeEnabled();
    await user.click(next);
    await user.click(next);
    expect(screen.getByText('Page 3 of 3')).toBeInTheDocument();
    expect(next).toBeDisabled();
    expect(previous).toBeEnabled();
  });

  it('toggles the sort direction from the column header and reports it with aria-sort', async () => {
    const user = userEvent.setup();
    render(<ServiceList />);
    const nameHeader = screen.getByRole('columnheader', { name: /Service Name/ });
    const valueHeader = screen.getByRole('columnheader', { name: /Service Value/ });
    expect(nameHeader).toHaveAttribute('aria-sort', 'ascending');
    expect(valueHeader).not.toHaveAttribute('aria-sort');

    await user.click(within(nameHeader).getByRole('button'));
    expect(nameHeader).toHaveAttribute('aria-sort', 'descending');
    expect(screen.getByText('ServiceName desc')).toBeInTheDocument();

    await user.click(within(valueHeader).getByRole('button'));
    expect(valueHeader).toHaveAttribute('aria-sort', 'ascending');
    expect(nameHeader).not.toHaveAttribute('aria-sort');
  });

  it('renders cells with render() or the plain property', () => {
    render(<ServiceList />);
    const firstRow = within(screen.getAllByRole('rowgroup')[1]).getAllByRole('row')[0];
    expect(within(firstRow).getByText('Service 1')).toBeInTheDocument();
    expect(within(firstRow).getByText('₹100')).toBeInTheDocument();
  });

  it('shows the empty state when there are no rows', () => {
    render(
      <DataTable
        caption="Reviews"
        columns={columns}
        rows={[]}
        rowKey={(s) => s._id}
        emptyState={<p>No reviews yet. Add the first one.</p>}
      />,
    );
    expect(screen.getByText('No reviews yet. Add the first one.')).toBeInTheDocument();
  });

  it('marks the table busy while loading', () => {
    render(<DataTable caption="Users" columns={columns} rows={[]} rowKey={(s) => s._id} loading />);
    expect(screen.getByRole('table', { name: 'Users' })).toHaveAttribute('aria-busy', 'true');
    expect(screen.getByText('Loading…')).toBeInTheDocument();
  });

  // Columns that say their widths, the second one optional (left out on a narrow list).
  const sized: DataTableColumn<Service>[] = [
    { ...columns[0], width: '12rem' },
    { ...columns[1], width: '6rem', optional: true },
  ];
  const renderSizedLoading = () =>
    render(
      <DataTable
        caption="Services"
        columns={sized}
        rows={[]}
        rowKey={(s) => s._id}
        numbered
        loading
      />,
    );

  it('lays its columns out at the widths they give, the same before the rows come as after', () => {
    const widths = (table: HTMLElement) =>
      [...table.querySelectorAll('col')].map((col) => [col.style.width, col.className]);
    const { container, rerender } = renderSizedLoading();
    const table = container.querySelector('table') as HTMLElement;
    expect(table).toHaveClass('vt-table--fixed');
    // The optional column's <col> is left out with its cells (`vt-col-optional`).
    const expected = [
      ['4.75rem', ''],
      ['12rem', ''],
      ['6rem', 'vt-col-optional'],
    ];
    expect(widths(table)).toEqual(expected);
    rerender(
      <DataTable
        caption="Services"
        columns={sized}
        rows={services}
        rowKey={(s) => s._id}
        numbered
      />,
    );
    expect(widths(table)).toEqual(expected);
  });

  it('spans its message over the columns always shown, an optional one holding a cell hidden with it', () => {
    const { container } = renderSizedLoading();
    // Hiding the optional column (as a narrow list does) hides its cell here too, so the
    // message spans no column the rows will not have.
    const cells = [...container.querySelectorAll('tbody td')].map((cell) => [
      cell.getAttribute('colspan'),
      cell.className,
      cell.textContent,
    ]);
    expect(cells).toEqual([
      ['2', '', 'Loading…'],
      [null, 'vt-col-optional', ''],
    ]);
  });

  it('sizes its columns by their content where one of them gives no width', () => {
    const { container } = render(
      <DataTable
        caption="Services"
        columns={[{ ...columns[0], width: '12rem' }, columns[1]]}
        rows={services}
        rowKey={(s) => s._id}
      />,
    );
    expect(container.querySelector('table')).not.toHaveClass('vt-table--fixed');
    expect(container.querySelector('colgroup')).toBeNull();
  });

  it('shows the pagination only once the rows have come', () => {
    const paging = { page: 1, pageSize: 5, total: 0, onPageChange: jest.fn() };
    const { rerender } = render(
      <DataTable
        caption="Users"
        columns={columns}
        rows={[]}
        rowKey={(s) => s._id}
        loading
        pagination={paging}
      />,
    );
    expect(screen.queryByRole('navigation', { name: 'Pagination' })).not.toBeInTheDocument();
    rerender(
      <DataTable
        caption="Users"
        columns={columns}
        rows={services.slice(0, 5)}
        rowKey={(s) => s._id}
        pagination={{ ...paging, total: services.length }}
      />,
    );
    expect(screen.getByRole('navigation', { name: 'Pagination' })).toHaveTextContent(
      'Showing 1–5 of 12',
    );
  });
});

describe('rowNumber', () => {
  it('starts at 1 and continues across pages', () => {
    expect(rowNumber(1, 20, 0)).toBe(1);
    expect(rowNumber(1, 20, 19)).toBe(20);
    expect(rowNumber(2, 20, 0)).toBe(21);
    expect(rowNumber(3, 10, 4)).toBe(25);
  });
});
