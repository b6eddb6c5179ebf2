import { unwrap } from '@vitrine/api-client';
import { api } from '../../../lib/api-client';

export function deleteEnquiry(id: string): Promise<unknown> {
  return unwrap(api.DELETE('/api/enquiries/{id}', { params: { path: { id } } }));
}
