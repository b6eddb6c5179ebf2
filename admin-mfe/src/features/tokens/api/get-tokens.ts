import { unwrap, type ApiToken } from '@vitrine/api-client';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** Every API token, newest first: never a secret. */
export function getTokens(signal?: AbortSignal): Promise<ApiToken[]> {
  return unwrap(api.GET('/api/tokens', { signal }));
}

export const tokensQueryOptions = () =>
  queryOptions({ queryKey: ['api-tokens'], queryFn: ({ signal }) => getTokens(signal) });

export function useTokens() {
  return useQuery(tokensQueryOptions());
}
