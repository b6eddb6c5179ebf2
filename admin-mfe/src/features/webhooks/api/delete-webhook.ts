import { unwrap } from '@vitrine/api-client';
import { api } from '../../../lib/api-client';

/** Removes an endpoint and its delivery log. */
export function deleteWebhook(id: string): Promise<unknown> {
  return unwrap(api.DELETE('/api/webhooks/{id}', { params: { path: { id } } }));
}
