import type { SortState } from '@vitrine/ui';
import { useCallback, useEffect } from 'react';
import { useLocation, useSearchParams } from 'react-router-dom';
import { rememberListAddress } from './list-return';

export const PAGE_SIZE = 20;

export interface ListQuery {
  page: number;
  limit: number;
  sort: string;
  q?: string;
}

export interface ListParams<F extends string> {
  page: number;
  sort: SortState;
  q: string;
  /** Extra filters kept in the URL (status, from, to, category…); '' when unset. */
  filters: Record<F, string>;
  /** What the list request sends: page, limit, sort and q. */
  query: ListQuery;
  setPage(page: number): void;
  setSort(sort: SortState): void;
  setQ(q: string): void;
  setFilter(name: F, value: string): void;
}

/** `-createdAt` ⇄ `{ field: 'createdAt', direction: 'desc' }`. */
export function parseSort(value: string): SortState {
  return value.startsWith('-')
    ? { field: value.slice(1), direction: 'desc' }
    : { field: value, direction: 'asc' };
}

export function formatSort(sort: SortState): string {
  return `${sort.direction === 'desc' ? '-' : ''}${sort.field}`;
}

/**
 * A list's page, sort, search and filters, kept in the URL's search params so a reload or a
 * shared link shows the same list. Changing anything but the page goes back to page 1.
 */
export function useListParams<F extends string = never>(
  defaultSort: string,
  filterNames: readonly F[] = [],
  pageSize = PAGE_SIZE,
): ListParams<F> {
  const [params, setParams] = useSearchParams();
  const { pathname, search } = useLocation();
  useEffect(() => rememberListAddress(pathname, search), [pathname, search]);
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
  const sortValue = params.get('sort') || defaultSort;
  const q = params.get('q') ?? '';
  const filters = Object.fromEntries(
    filterNames.map((name) => [name, params.get(name) ?? '']),
  ) as Record<F, string>;

  const update = useCallback(
    (changes: Record<string, string | null>, resetPage: boolean, replace = false) => {
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          for (const [name, value] of Object.entries(changes)) {
            if (value === null || value === '') next.delete(name);
            else next.set(name, value);
          }
          if (resetPage) next.delete('page');
          return next;
        },
        { replace },
      );
    },
    [setParams],
  );

  return {
    page,
    sort: parseSort(sortValue),
    q,
    filters,
    query: { page, limit: pageSize, sort: sortValue, ...(q ? { q } : {}) },
    setPage: (next) => update({ page: next > 1 ? String(next) : null }, false),
    setSort: (sort) => {
      const value = formatSort(sort);
      update({ sort: value === defaultSort ? null : value }, true);
    },
    // Typing in the search box replaces the history entry instead of adding one per word.
    setQ: (next) => {
      if (next !== q) update({ q: next }, true, true);
    },
    setFilter: (name, value) => update({ [name]: value }, true),
  };
}
