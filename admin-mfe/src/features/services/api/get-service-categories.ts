import { unwrap, type ServiceCategory } from '@vitrine/api-client';
import { api } from '../../../lib/api';
import { useQuery } from '../../../lib/useQuery';

/** The categories services use now (with a count each). */
export function getServiceCategories(signal?: AbortSignal): Promise<ServiceCategory[]> {
  return unwrap(api.GET('/api/service/getcategory', { signal }));
}

export function useServiceCategories() {
  return useQuery('service-categories', getServiceCategories);
}
