import { unwrap, type GalleryImage, type Schemas } from '@vitrine/api-client';
import { api } from '../../../lib/api-client';

/** `order`: the new position, 0 first; the other images shift to make room. */
export function updateGalleryImage(
  id: string,
  body: Schemas['UpdateGalleryImageDto'] & {
    /** The alt text in other languages (issue 36): the languages named are replaced. */
    translations?: Record<string, { alt: string }>;
  },
): Promise<GalleryImage> {
  return unwrap(api.PATCH('/api/gallery/{id}', { params: { path: { id } }, body }));
}
