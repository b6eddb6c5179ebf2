import { LIST_MAX_LIMIT } from '@vitrine/contracts';
import { type ApiClient, unwrap, type Service } from '@vitrine/api-client';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useApi } from '../../../lib/api-client';

/** Published services, all of them or one category's. */
export function getServices(
  api: ApiClient,
  category: string | undefined,
  signal?: AbortSignal,
): Promise<Service[]> {
  return unwrap(
    api.GET('/api/service', {
      params: { query: { category, limit: LIST_MAX_LIMIT } },
      signal,
    }),
  );
}

export const servicesQueryOptions = (api: ApiClient, category: string | undefined) =>
  queryOptions({
    queryKey: ['services', category ?? '*'],
    queryFn: ({ signal }) => getServices(api, category, signal),
  });

export function useServices(category: string | undefined) {
  return useQuery(servicesQueryOptions(useApi(), category));
}

/** The featured services, in the order the studio gave them; at most `limit`. */
export function getFeaturedServices(
  api: ApiClient,
  limit: number,
  signal?: AbortSignal,
): Promise<Service[]> {
  return unwrap(api.GET('/api/service', { params: { query: { featured: true, limit } }, signal }));
}

export const featuredServicesQueryOptions = (api: ApiClient, limit: number) =>
  queryOptions({
    queryKey: ['services', 'featured', limit],
    queryFn: ({ signal }) => getFeaturedServices(api, limit, signal),
  });

export function useFeaturedServices(limit: number) {
  return useQuery(featuredServicesQueryOptions(useApi(), limit));
}
