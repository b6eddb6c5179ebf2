import { unwrap } from '@vitrine/api-client';
import { api } from '../../../lib/api-client';

export function deleteUser(id: string): Promise<unknown> {
  return unwrap(api.DELETE('/api/user/{id}', { params: { path: { id } } }));
}
