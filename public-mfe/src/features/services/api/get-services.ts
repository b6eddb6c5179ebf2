import { LIST_MAX_LIMIT } from '@vitrine/contracts';
import { unwrap, type Service } from '@vitrine/api-client';
import { api } from '../../../lib/api-client';
import { useQuery } from '../../../lib/use-query';

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

export function useServices(category: string | undefined) {
  return useQuery(`services:${category ?? '*'}`, (signal) => getServices(category, signal));
}
