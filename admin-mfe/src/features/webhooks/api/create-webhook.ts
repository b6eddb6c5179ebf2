import { unwrap, type NewWebhook, type WebhookWithSecret } from '@vitrine/api-client';
import { api } from '../../../lib/api-client';

/** Registers an endpoint; the answer carries its signing secret, shown this once. */
export function createWebhook(body: NewWebhook): Promise<WebhookWithSecret> {
  return unwrap(api.POST('/api/webhooks', { body }));
}
