import { unwrap } from '@vitrine/api-client';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ContentRecord, ContentType } from '../content-type';

export function getContent<P extends string, X extends string>(
  type: ContentType<P, X>,
  id: string,
  signal?: AbortSignal,
): Promise<ContentRecord<P, X>> {
  return unwrap(type.endpoints.get(id, signal));
}

export const contentQueryOptions = <P extends string, X extends string>(
  type: ContentType<P, X>,
  id: string,
) =>
  queryOptions({
    queryKey: [type.slug, 'one', id],
    queryFn: ({ signal }) => getContent(type, id, signal),
  });

/** Waits while there is no id (the add form). */
export function useContent<P extends string, X extends string>(
  type: ContentType<P, X>,
  id: string | undefined,
) {
  return useQuery({ ...contentQueryOptions(type, id ?? ''), enabled: id !== undefined });
}
