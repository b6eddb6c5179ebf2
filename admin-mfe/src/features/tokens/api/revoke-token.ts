import { unwrap } from '@vitrine/api-client';
import { api } from '../../../lib/api-client';

export function revokeToken(id: string): Promise<unknown> {
  return unwrap(api.DELETE('/api/tokens/{id}', { params: { path: { id } } }));
}
