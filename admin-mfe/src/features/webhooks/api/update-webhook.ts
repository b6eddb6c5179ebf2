import { unwrap, type Webhook, type WebhookChanges } from '@vitrine/api-client';
import { api } from '../../../lib/api-client';

/** Changes an endpoint's URL, events, description or whether it is enabled. */
export function updateWebhook(id: string, body: WebhookChanges): Promise<Webhook> {
  return unwrap(api.PUT('/api/webhooks/{id}', { params: { path: { id } }, body }));
}
