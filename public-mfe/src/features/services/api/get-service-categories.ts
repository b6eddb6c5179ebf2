import { unwrap, type ServiceCategory } from '@vitrine/api-client';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** The service categories in use, each with a count: the filter's options. */
export function getServiceCategories(signal?: AbortSignal): Promise<ServiceCategory[]> {
  return unwrap(api.GET('/api/service/getcategory', { signal }));
}

export const serviceCategoriesQueryOptions = () =>
  queryOptions({
    queryKey: ['service-categories'],
    queryFn: ({ signal }) => getServiceCategories(signal),
  });

export function useServiceCategories() {
  return useQuery(serviceCategoriesQueryOptions());
}
