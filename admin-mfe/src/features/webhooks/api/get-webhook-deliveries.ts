import type { WebhookDelivery } from '@vitrine/api-client';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { listQueryOptions, unwrapList, type ListPage } from '../../../lib/list';

/** How often an open delivery log looks again, so a pending delivery is seen to go out. */
const REFRESH_MS = 2_000;

export interface DeliveriesQuery {
  page?: number;
  limit?: number;
}

/** An endpoint's deliveries, newest first. */
export function getWebhookDeliveries(
  id: string,
  query: DeliveriesQuery,
  signal?: AbortSignal,
): Promise<ListPage<WebhookDelivery>> {
  return unwrapList(
    api.GET('/api/webhooks/{id}/deliveries', { params: { path: { id }, query }, signal }),
  );
}

export const webhookDeliveriesQueryOptions = (id: string, query: DeliveriesQuery) => ({
  ...listQueryOptions(['webhook-deliveries', id, query], (signal) =>
    getWebhookDeliveries(id, query, signal),
  ),
  refetchInterval: REFRESH_MS,
});

export function useWebhookDeliveries(id: string, query: DeliveriesQuery) {
  return useQuery(webhookDeliveriesQueryOptions(id, query));
}
