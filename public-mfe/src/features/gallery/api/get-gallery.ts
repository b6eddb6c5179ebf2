import { LIST_MAX_LIMIT } from '@vitrine/contracts';
import { unwrap, type GalleryImage } from '@vitrine/api-client';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** The gallery in the order the administrator arranged it. */
export function getGallery(signal?: AbortSignal): Promise<GalleryImage[]> {
  return unwrap(api.GET('/api/gallery', { params: { query: { limit: LIST_MAX_LIMIT } }, signal }));
}

export const galleryQueryOptions = () =>
  queryOptions({ queryKey: ['gallery'], queryFn: ({ signal }) => getGallery(signal) });

export function useGallery() {
  return useQuery(galleryQueryOptions());
}
