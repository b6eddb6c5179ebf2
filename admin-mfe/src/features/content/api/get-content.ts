import { unwrap } from '@vitrine/api-client';
import { useQuery } from '../../../lib/useQuery';
import type { ContentRecord, ContentType } from '../content-type';

export function getContent<P extends string, X extends string>(
  type: ContentType<P, X>,
  id: string,
  signal?: AbortSignal,
): Promise<ContentRecord<P, X>> {
  return unwrap(type.endpoints.get(id, signal));
}

/** Waits while there is no id (the add form). */
export function useContent<P extends string, X extends string>(
  type: ContentType<P, X>,
  id: string | undefined,
) {
  return useQuery(id === undefined ? null : `${type.slug}/${id}`, (signal) =>
    getContent(type, id ?? '', signal),
  );
}
