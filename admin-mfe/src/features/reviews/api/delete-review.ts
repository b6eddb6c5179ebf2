import { unwrap } from '@vitrine/api-client';
import { api } from '../../../lib/api-client';

export function deleteReview(id: string): Promise<unknown> {
  return unwrap(api.DELETE('/api/reviews/{id}', { params: { path: { id } } }));
}
