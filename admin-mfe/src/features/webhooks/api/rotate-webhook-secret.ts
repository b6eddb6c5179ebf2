import { unwrap, type WebhookWithSecret } from '@vitrine/api-client';
import { api } from '../../../lib/api-client';

/** A new signing secret for the endpoint, shown this once; the old one stops signing. */
export function rotateWebhookSecret(id: string): Promise<WebhookWithSecret> {
  return unwrap(api.POST('/api/webhooks/{id}/secret', { params: { path: { id } } }));
}
