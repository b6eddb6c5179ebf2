import { unwrap, type WebhookDelivery } from '@vitrine/api-client';
import { api } from '../../../lib/api-client';

/** Sends a delivery's event again, as a new delivery with the same payload id. */
export function replayWebhookDelivery(id: string, deliveryId: string): Promise<WebhookDelivery> {
  return unwrap(
    api.POST('/api/webhooks/{id}/deliveries/{deliveryId}/replay', {
      params: { path: { id, deliveryId } },
    }),
  );
}
