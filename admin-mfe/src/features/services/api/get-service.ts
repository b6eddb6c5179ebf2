import { unwrap, type Service } from '@vitrine/api-client';
import { api } from '../../../lib/api';
import { useQuery } from '../../../lib/useQuery';

export function getService(id: string, signal?: AbortSignal): Promise<Service> {
  return unwrap(api.GET('/api/service/{id}', { params: { path: { id } }, signal }));
}

export function useService(id: string | undefined) {
  return useQuery(id ?? null, (signal) => getService(id ?? '', signal));
}
