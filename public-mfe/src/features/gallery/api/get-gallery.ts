import { LIST_MAX_LIMIT } from '@vitrine/contracts';
import { unwrap, type GalleryImage } from '@vitrine/api-client';
import { api } from '../../../lib/api-client';
import { useQuery } from '../../../lib/use-query';

/** The gallery in the order the administrator arranged it. */
export function getGallery(signal?: AbortSignal): Promise<GalleryImage[]> {
  return unwrap(api.GET('/api/gallery', { params: { query: { limit: LIST_MAX_LIMIT } }, signal }));
}

export function useGallery() {
  return useQuery('gallery', getGallery);
}
