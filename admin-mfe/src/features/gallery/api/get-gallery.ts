import type { GalleryImage } from '@vitrine/api-client';
import { api } from '../../../lib/api';
import { unwrapList, type ListPage } from '../../../lib/list';
import type { ListQuery } from '../../../lib/useListParams';
import { useQuery } from '../../../lib/useQuery';

export function getGallery(
  query: ListQuery,
  signal?: AbortSignal,
): Promise<ListPage<GalleryImage>> {
  return unwrapList(api.GET('/api/gallery', { params: { query }, signal }));
}

export function useGallery(query: ListQuery) {
  return useQuery(JSON.stringify(query), (signal) => getGallery(query, signal));
}
