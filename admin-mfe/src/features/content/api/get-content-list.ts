import { unwrapList, type ListPage } from '../../../lib/list';
import { useQuery } from '../../../lib/useQuery';
import type { ContentListQuery, ContentRecord, ContentType } from '../content-type';

/** Administrators get unpublished records too. */
export function getContentList<P extends string, X extends string>(
  type: ContentType<P, X>,
  query: ContentListQuery,
  signal?: AbortSignal,
): Promise<ListPage<ContentRecord<P, X>>> {
  return unwrapList(type.endpoints.list(query, signal));
}

export function useContentList<P extends string, X extends string>(
  type: ContentType<P, X>,
  query: ContentListQuery,
) {
  return useQuery(`${type.slug}:${JSON.stringify(query)}`, (signal) =>
    getContentList(type, query, signal),
  );
}
