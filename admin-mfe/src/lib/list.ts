import { totalCount, unwrap } from '@vitrine/api-client';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { ListParams } from './use-list-params';

export interface ListPage<T> {
  items: T[];
  total: number;
}

/** A list call's rows and its total from X-Total-Count, or an ApiError. */
export async function unwrapList<T>(
  call: Promise<{ data?: T[]; error?: unknown; response: Response }>,
): Promise<ListPage<T>> {
  let response: Response | undefined;
  const items = await unwrap(
    call.then((result) => {
      response = result.response;
      return result;
    }),
  );
  const list = items ?? [];
  return { items: list, total: response ? totalCount(response) || list.length : list.length };
}

/**
 * A list's query options: cached under `queryKey`, and the rows of the page before kept
 * (dimmed) while the next page, sort or search loads, rather than an empty table.
 */
export function listQueryOptions<T>(
  queryKey: readonly unknown[],
  get: (signal: AbortSignal) => Promise<ListPage<T>>,
) {
  return queryOptions({
    queryKey,
    queryFn: ({ signal }) => get(signal),
    placeholderData: keepPreviousData,
  });
}

/** After deleting the only row of a later page, step back a page; otherwise reload. */
export function refreshAfterDelete(
  list: Pick<ListParams<string>, 'page' | 'setPage'>,
  rowsOnPage: number,
  refetch: () => void,
) {
  if (rowsOnPage <= 1 && list.page > 1) list.setPage(list.page - 1);
  else refetch();
}
