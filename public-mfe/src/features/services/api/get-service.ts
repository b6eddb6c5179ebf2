import { type ApiClient, unwrap, type Service } from '@vitrine/api-client';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useApi } from '../../../lib/api-client';

/** One published service by its slug (or exact name, as the old links used). 404 if none. */
export function getService(
  api: ApiClient,
  slugOrName: string,
  signal?: AbortSignal,
): Promise<Service> {
  return unwrap(
    api.GET('/api/service/singleservice/{servicename}', {
      params: { path: { servicename: slugOrName } },
      signal,
    }),
  );
}

export const serviceQueryOptions = (api: ApiClient, slugOrName: string) =>
  queryOptions({
    queryKey: ['service', slugOrName],
    queryFn: ({ signal }) => getService(api, slugOrName, signal),
  });

/** `null` waits (e.g. until the slug is known). */
export function useService(slugOrName: string | null) {
  return useQuery({
    ...serviceQueryOptions(useApi(), slugOrName ?? ''),
    enabled: slugOrName !== null,
  });
}
