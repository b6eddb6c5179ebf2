import { totalCount, unwrap } from '@vitrine/api-client';

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
