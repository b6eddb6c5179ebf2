import { unwrap } from '@vitrine/api-client';
import { api } from '../../../lib/api-client';

export function deleteGalleryImage(id: string): Promise<unknown> {
  return unwrap(api.DELETE('/api/gallery/{id}', { params: { path: { id } } }));
}
