import { unwrap } from '@vitrine/api-client';
import { api } from '../../../lib/api';

export function deleteService(id: string): Promise<unknown> {
  return unwrap(api.DELETE('/api/service/{id}', { params: { path: { id } } }));
}
