import { unwrap } from '@vitrine/api-client';
import { api } from '../../../lib/api';

export function deleteProduct(id: string): Promise<unknown> {
  return unwrap(api.DELETE('/api/product/{id}', { params: { path: { id } } }));
}
