import {
  Button,
  DataTable,
  EmptyState,
  ErrorState,
  type DataTableColumn,
  type SortState,
} from '@vitrine/ui';
import type { UseQueryResult } from '@tanstack/react-query';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router-dom';
import type { ListReturnState } from '../lib/list-return';
import { errorMessage } from '../lib/errors';
import type { ListPage } from '../lib/list';
import { PAGE_SIZE, type ListParams } from '../lib/use-list-params';
import './list-table.css';

export interface ListTableProps<T> {
  caption: string;
  columns: readonly DataTableColumn<T>[];
  list: Pick<ListParams<string>, 'page' | 'sort' | 'setPage' | 'setSort' | 'q'>;
  /** The list's query: its rows, error, whether a newer page is on its way, and a retry. */
  state: Pick<UseQueryResult<ListPage<T>>, 'data' | 'error' | 'isFetching' | 'refetch'>;
  rowKey(row: T): string;
  /** What to say when there is nothing at all, e.g. "No projects yet". */
  emptyTitle: string;
  emptyAction?: ReactNode;
  numbered?: boolean;
  pageSize?: number;
  /** Filters besides the search are on, so an empty page means "no match". */
  filtered?: boolean;
}

/**
 * A list page's table: the rows of the current page (the previous page's stay, dimmed, while
 * the next one loads), sorting and paging wired to the URL, and the loading, empty and
 * error states. Where the list is narrow (a phone) each row is a card: its name, image,
 * state and actions (`card` of the columns); on a laptop the optional columns wait behind
 * "Show all columns", so the useful ones fit without a sideways scroll.
 */
export function ListTable<T>({
  caption,
  columns,
  list,
  state,
  rowKey,
  emptyTitle,
  emptyAction,
  numbered = true,
  pageSize = PAGE_SIZE,
  filtered = false,
}: ListTableProps<T>) {
  const [allColumns, setAllColumns] = useState(false);
  // Back from saving a row: bring it into view and mark it, once its page has come.
  const savedId = (useLocation().state as ListReturnState | null)?.savedId;
  const frame = useRef<HTMLDivElement>(null);
  const rows = state.data?.items;
  useEffect(() => {
    if (!savedId || !rows) return;
    const row = frame.current?.querySelector<HTMLElement>(
      // Ids are hex (ObjectIds); anything else finds no row.
      `tr[data-row-key="${savedId.replace(/[^\w-]/g, '')}"]`,
    );
    row?.classList.add('adm-row--saved');
    row?.scrollIntoView?.({ block: 'center' });
  }, [savedId, rows]);
  if (state.error && !state.isFetching) {
    return (
      <ErrorState
        title={`The ${caption.toLowerCase()} could not be loaded`}
        message={errorMessage(state.error)}
        onRetry={() => void state.refetch()}
      />
    );
  }
  const page = state.data;
  const classes = ['adm-list'];
  if (state.isFetching && page) classes.push('adm-list--refreshing');
  if (allColumns) classes.push('adm-list--all-columns');
  return (
    <div ref={frame} className={classes.join(' ')}>
      {columns.some((column) => column.optional) && (
        <Button
          variant="ghost"
          className="adm-list__columns"
          aria-pressed={allColumns}
          onClick={() => setAllColumns(!allColumns)}
        >
          Show all columns
        </Button>
      )}
      <DataTable
        caption={caption}
        captionHidden
        columns={columns}
        rows={page?.items ?? []}
        rowKey={rowKey}
        numbered={numbered}
        loading={!page}
        sort={list.sort}
        onSortChange={(sort: SortState) => list.setSort(sort)}
        pagination={{
          page: list.page,
          pageSize,
          total: page?.total ?? 0,
          onPageChange: list.setPage,
        }}
        emptyState={
          list.q || filtered ? (
            <EmptyState title={list.q ? `Nothing matches “${list.q}”` : 'Nothing matches'}>
              Try other words or filters, or clear them.
            </EmptyState>
          ) : (
            <EmptyState title={emptyTitle} action={emptyAction} />
          )
        }
      />
    </div>
  );
}
