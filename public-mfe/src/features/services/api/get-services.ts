import { LIST_MAX_LIMIT } from '@vitrine/contracts';
import { unwrap, type Service } from '@vitrine/api-client';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** Published services, all of them or one category's. */
export function getServices(
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

export const servicesQueryOptions = (category: string | undefined) =>
  queryOptions({
    queryKey: ['services', category ?? '*'],
    queryFn: ({ signal }) => getServices(category, signal),
  });

export function useServices(category: string | undefined) {
  return useQuery(servicesQueryOptions(category));
}

/** The featured services, in the order the studio gave them; at most `limit`. */
export function getFeaturedServices(limit: number, signal?: AbortSignal): Promise<Service[]> {
  return unwrap(api.GET('/api/service', { params: { query: { featured: true, limit } }, signal }));
}

export function useFeaturedServices(limit: number) {
  return useQuery({
    queryKey: ['services', 'featured', limit],
    queryFn: ({ signal }) => getFeaturedServices(limit, signal),
  });
}
