import { unwrap, type GalleryImage, type Schemas } from '@vitrine/api-client';
import { api } from '../../../lib/api-client';

/** `order`: the new position, 0 first; the other images shift to make room. */
export function updateGalleryImage(
  id: string,
  body: Schemas['UpdateGalleryImageDto'],
): Promise<GalleryImage> {
  return unwrap(api.PATCH('/api/gallery/{id}', { params: { path: { id } }, body }));
}
