import { unwrap, type ApiTokenWithSecret } from '@vitrine/api-client';
import { api } from '../../../lib/api-client';

/** A new secret and expiry for the token; its old secret stops working at once. */
export function renewToken(id: string): Promise<ApiTokenWithSecret> {
  return unwrap(api.POST('/api/tokens/{id}/renew', { params: { path: { id } }, body: {} }));
}
