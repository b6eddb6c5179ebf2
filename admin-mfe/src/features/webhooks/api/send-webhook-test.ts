import { unwrap } from '@vitrine/api-client';
import { api } from '../../../lib/api-client';

/** Queues a `webhook.test` event for this endpoint alone. */
export function sendWebhookTest(id: string): Promise<{ eventId: string }> {
  return unwrap(api.POST('/api/webhooks/{id}/test', { params: { path: { id } } }));
}
