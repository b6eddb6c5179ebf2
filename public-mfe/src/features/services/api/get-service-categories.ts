import { type ApiClient, unwrap, type ServiceCategory } from '@vitrine/api-client';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useApi } from '../../../lib/api-client';

/** The service categories in use, each with a count: the filter's options. */
export function getServiceCategories(
  api: ApiClient,
  signal?: AbortSignal,
): Promise<ServiceCategory[]> {
  return unwrap(api.GET('/api/service/getcategory', { signal }));
}

export const serviceCategoriesQueryOptions = (api: ApiClient) =>
  queryOptions({
    queryKey: ['service-categories'],
    queryFn: ({ signal }) => getServiceCategories(api, signal),
  });

export function useServiceCategories() {
  return useQuery(serviceCategoriesQueryOptions(useApi()));
}
