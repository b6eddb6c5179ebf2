import { LIST_MAX_LIMIT } from '@vitrine/contracts';
import { type ApiClient, unwrap, type GalleryImage } from '@vitrine/api-client';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useApi } from '../../../lib/api-client';

/** The gallery in the order the administrator arranged it. */
export function getGallery(api: ApiClient, signal?: AbortSignal): Promise<GalleryImage[]> {
  return unwrap(api.GET('/api/gallery', { params: { query: { limit: LIST_MAX_LIMIT } }, signal }));
}

export const galleryQueryOptions = (api: ApiClient) =>
  queryOptions({ queryKey: ['gallery'], queryFn: ({ signal }) => getGallery(api, signal) });

export function useGallery() {
  return useQuery(galleryQueryOptions(useApi()));
}
