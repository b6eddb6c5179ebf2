import { totalCount, unwrap } from '@vitrine/api-client';
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

/** After deleting the only row of a later page, step back a page; otherwise reload. */
export function refreshAfterDelete(
  list: Pick<ListParams<string>, 'page' | 'setPage'>,
  rowsOnPage: number,
  refetch: () => void,
) {
  if (rowsOnPage <= 1 && list.page > 1) list.setPage(list.page - 1);
  else refetch();
}
