import type { ReactNode } from 'react';
import { VisuallyHidden } from '../a11y/VisuallyHidden';
import { cx } from '../classNames';
import { EmptyState } from '../feedback/EmptyState';
import { LoadingState } from '../feedback/Spinner';
import { Pagination } from './Pagination';
import { rowNumber } from './rowNumber';
import './data-table.css';

export type SortDirection = 'asc' | 'desc';

export interface SortState {
  field: string;
  direction: SortDirection;
}

export interface DataTableColumn<T> {
  /** The sort field, and the row property shown when there is no `render`. */
  key: string;
  header: ReactNode;
  render?(row: T, index: number): ReactNode;
  sortable?: boolean;
  className?: string;
  /**
   * Its part in a row shown as a card, where a page lays rows out as cards on a narrow
   * screen (`data-card` on the cell): the row's name, its image, a state, a detail (shown
   * with its header as label), the actions, or nothing. A detail by default.
   */
  card?: 'title' | 'image' | 'status' | 'detail' | 'actions' | 'hidden';
  /** Can be left out where the table has no room for every column (`vt-col-optional`). */
  optional?: boolean;
  /**
   * The column's width, a CSS length ('8rem'). When every column gives one, the table is laid
   * out fixed (`vt-table--fixed`): the columns are as wide before the rows come as after, and
   * whatever a sort, a search or another page brings, so nothing moves under the pointer or
   * the eye; room to spare is shared out in proportion, and a table wider than its frame
   * scrolls sideways. Sized by their content instead, the columns widen as the rows arrive.
   */
  width?: string;
}

export interface DataTablePaging {
  page: number;
  pageSize: number;
  total: number;
  onPageChange(page: number): void;
}

export interface DataTableProps<T> {
  caption: ReactNode;
  /** Keeps the caption for screen readers only (the page heading already says it). */
  captionHidden?: boolean;
  columns: readonly DataTableColumn<T>[];
  rows: readonly T[];
  rowKey(row: T, index: number): string;
  sort?: SortState;
  onSortChange?(sort: SortState): void;
  /** Adds Previous/Next under the table; without it every row is one page. */
  pagination?: DataTablePaging;
  /** Adds a first column numbering the rows from 1 across pages; the value is its header. */
  numbered?: string | boolean;
  /** The numbering column's width where the columns give theirs (`width`). */
  numberWidth?: string;
  loading?: boolean;
  emptyState?: ReactNode;
  className?: string;
}

/**
 * A sortable, paginated table. It only displays: sorting and paging are state the page owns,
 * usually the list request's query.
 */
export function DataTable<T>({
  caption,
  captionHidden = false,
  columns,
  rows,
  rowKey,
  sort,
  onSortChange,
  pagination,
  numbered = false,
  numberWidth = '4.75rem',
  loading = false,
  emptyState,
  className,
}: DataTableProps<T>) {
  const numberHeader = typeof numbered === 'string' ? numbered : 'Sr. No.';
  const page = pagination?.page ?? 1;
  const pageSize = pagination?.pageSize ?? rows.length;
  const fixed = columns.length > 0 && columns.every((column) => column.width);

  return (
    <div className={cx('vt-table-wrap', className)}>
      <div className="vt-table-scroll">
        <table
          className={cx('vt-table', fixed && 'vt-table--fixed')}
          aria-busy={loading || undefined}
        >
          <caption className="vt-table__caption">
            {captionHidden ? <VisuallyHidden>{caption}</VisuallyHidden> : caption}
          </caption>
          {fixed && (
            <colgroup>
              {numbered && <col style={{ width: numberWidth }} />}
              {columns.map((column) => (
                <col
                  key={column.key}
                  className={column.optional ? 'vt-col-optional' : undefined}
                  style={{ width: column.width }}
                />
              ))}
            </colgroup>
          )}
          <thead>
            <tr>
              {numbered && <th scope="col">{numberHeader}</th>}
              {columns.map((column) => (
                <HeaderCell
                  key={column.key}
                  column={column}
                  sort={sort}
                  onSortChange={onSortChange}
                />
              ))}
            </tr>
          </thead>
          <tbody>
            {loading ? (
              <FullWidthRow columns={columns} numbered={!!numbered}>
                <LoadingState />
              </FullWidthRow>
            ) : rows.length === 0 ? (
              <FullWidthRow columns={columns} numbered={!!numbered}>
                {emptyState ?? <EmptyState title="Nothing here yet" />}
              </FullWidthRow>
            ) : (
              rows.map((row, index) => (
                <tr key={rowKey(row, index)} data-row-key={rowKey(row, index)}>
                  {numbered && (
                    <td className="vt-table__number">{rowNumber(page, pageSize, index)}</td>
                  )}
                  {columns.map((column) => (
                    <td
                      key={column.key}
                      className={columnClass(column)}
                      data-card={column.card ?? 'detail'}
                      data-label={typeof column.header === 'string' ? column.header : undefined}
                    >
                      {column.render ? column.render(row, index) : plainValue(row, column.key)}
                    </td>
                  ))}
                </tr>
              ))
            )}
          </tbody>
        </table>
      </div>
      {/* Nothing to count while loading: no "No results", and no bar for the rows to push down. */}
      {pagination && !loading && <Pagination {...pagination} />}
    </div>
  );
}

function HeaderCell<T>({
  column,
  sort,
  onSortChange,
}: {
  column: DataTableColumn<T>;
  sort?: SortState;
  onSortChange?(sort: SortState): void;
}) {
  const sortable = column.sortable && onSortChange;
  const direction = sort?.field === column.key ? sort.direction : undefined;
  if (!sortable) {
    return (
      <th scope="col" className={columnClass(column)}>
        {column.header}
      </th>
    );
  }
  // Only the sorted column carries aria-sort, as ARIA asks.
  const ariaSort =
    direction === 'asc' ? 'ascending' : direction === 'desc' ? 'descending' : undefined;
  const next: SortDirection = direction === 'asc' ? 'desc' : 'asc';
  return (
    <th scope="col" className={columnClass(column)} aria-sort={ariaSort}>
      <button
        type="button"
        className="vt-table__sort"
        onClick={() => onSortChange({ field: column.key, direction: next })}
      >
        {column.header}
        <span className="vt-table__sort-icon" aria-hidden="true">
          {direction === 'asc' ? '▲' : direction === 'desc' ? '▼' : '↕'}
        </span>
      </button>
    </th>
  );
}

function columnClass<T>(column: DataTableColumn<T>): string | undefined {
  return cx(column.className, column.optional && 'vt-col-optional') || undefined;
}

/**
 * A row of one message (loading, nothing found) across the table. It spans the columns always
 * shown, and each optional column has an empty cell of its own that is hidden with it: a span
 * over hidden columns would keep them in the table, their share of its width taken back when
 * the rows came and moved every column.
 */
function FullWidthRow<T>({
  columns,
  numbered,
  children,
}: {
  columns: readonly DataTableColumn<T>[];
  numbered: boolean;
  children: ReactNode;
}) {
  const optional = columns.filter((column) => column.optional);
  return (
    <tr className="vt-table__state-row">
      <td colSpan={columns.length - optional.length + (numbered ? 1 : 0)}>{children}</td>
      {optional.map((column) => (
        <td key={column.key} className="vt-col-optional" aria-hidden="true" />
      ))}
    </tr>
  );
}

function plainValue<T>(row: T, key: string): ReactNode {
  const value: unknown =
    typeof row === 'object' && row !== null ? (row as Record<string, unknown>)[key] : undefined;
  if (value === null || value === undefined) return '';
  if (typeof value === 'string' || typeof value === 'number') return value;
  return String(value);
}
