import { unwrap, type Service } from '@vitrine/api-client';
import { api } from '../../../lib/api-client';
import { useQuery } from '../../../lib/use-query';

/** One published service by its slug (or exact name, as the old links used). 404 if none. */
export function getService(slugOrName: string, signal?: AbortSignal): Promise<Service> {
  return unwrap(
    api.GET('/api/service/singleservice/{servicename}', {
      params: { path: { servicename: slugOrName } },
      signal,
    }),
  );
}

export function useService(slugOrName: string) {
  return useQuery(`service:${slugOrName}`, (signal) => getService(slugOrName, signal));
}
