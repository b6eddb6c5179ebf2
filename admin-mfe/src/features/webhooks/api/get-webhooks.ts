import { unwrap, type Webhook } from '@vitrine/api-client';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** Every registered endpoint, oldest first, without secrets. */
export function getWebhooks(signal?: AbortSignal): Promise<Webhook[]> {
  return unwrap(api.GET('/api/webhooks', { signal }));
}

export const webhooksQueryOptions = () =>
  queryOptions({ queryKey: ['webhooks'], queryFn: ({ signal }) => getWebhooks(signal) });

export function useWebhooks() {
  return useQuery(webhooksQueryOptions());
}
