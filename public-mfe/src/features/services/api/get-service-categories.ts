import { unwrap, type ServiceCategory } from '@vitrine/api-client';
import { api } from '../../../lib/api-client';
import { useQuery } from '../../../lib/use-query';

/** The service categories in use, each with a count: the filter's options. */
export function getServiceCategories(signal?: AbortSignal): Promise<ServiceCategory[]> {
  return unwrap(api.GET('/api/service/getcategory', { signal }));
}

export function useServiceCategories() {
  return useQuery('service-categories', getServiceCategories);
}
