import { Pagination } from '@vitrine/ui';
import type { ReactNode } from 'react';
import type { ListPage } from '../lib/list';
import type { ListParams } from '../lib/use-list-params';
import { QueryStatus } from './QueryStatus';

export interface PagedListProps<T> {
  query: { data: ListPage<T> | undefined; error: unknown; refetch(): unknown };
  /** What is loading, in words: "the gallery". */
  what: string;
  /** Shown instead of the items when the page has none (an `EmptyState`). */
  empty: ReactNode;
  list: Pick<ListParams<string>, 'page' | 'setPage'>;
  pageSize: number;
  /** Names the page links: "Gallery pages". */
  pagesLabel: string;
  /** The page's items, drawn as the screen draws them (a grid of cards). */
  children(items: T[]): ReactNode;
}

/**
 * A paged list that is not a table (the gallery, the media library): loading or "could not
 * be loaded" until the first answer (`QueryStatus`; a later failed refresh leaves the items
 * shown), the empty state, or the items and the page links under them.
 */
export function PagedList<T>({
  query,
  what,
  empty,
  list,
  pageSize,
  pagesLabel,
  children,
}: PagedListProps<T>) {
  if (!query.data) return <QueryStatus query={query} what={what} />;
  if (query.data.items.length === 0) return empty;
  return (
    <>
      {children(query.data.items)}
      <Pagination
        page={list.page}
        pageSize={pageSize}
        total={query.data.total}
        onPageChange={list.setPage}
        label={pagesLabel}
      />
    </>
  );
}
