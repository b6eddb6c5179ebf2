import { unwrap, type ShareLink } from '@vitrine/api-client';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export type ShareKind = ShareLink['kind'];

/** The item's share links that still work, the one ending first first (never the links). */
export function getShareLinks(kind: ShareKind, id: string, signal?: AbortSignal) {
  return unwrap(api.GET('/api/previews/share', { params: { query: { kind, id } }, signal }));
}

export const shareLinksQueryOptions = (kind: ShareKind, id: string) =>
  queryOptions({
    queryKey: ['share-links', kind, id],
    queryFn: ({ signal }) => getShareLinks(kind, id, signal),
  });

export function useShareLinks(kind: ShareKind, id: string) {
  return useQuery(shareLinksQueryOptions(kind, id));
}
