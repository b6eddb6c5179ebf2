import { useQuery } from '@tanstack/react-query';
import { listQueryOptions, unwrapList, type ListPage } from '../../../lib/list';
import type { ContentListQuery, ContentRecord, ContentType } from '../content-type';

/** Administrators get unpublished records too. */
export function getContentList<P extends string, X extends string>(
  type: ContentType<P, X>,
  query: ContentListQuery,
  signal?: AbortSignal,
): Promise<ListPage<ContentRecord<P, X>>> {
  return unwrapList(type.endpoints.list(query, signal));
}

export const contentListQueryOptions = <P extends string, X extends string>(
  type: ContentType<P, X>,
  query: ContentListQuery,
) => listQueryOptions([type.slug, 'list', query], (signal) => getContentList(type, query, signal));

export function useContentList<P extends string, X extends string>(
  type: ContentType<P, X>,
  query: ContentListQuery,
) {
  return useQuery(contentListQueryOptions(type, query));
}
