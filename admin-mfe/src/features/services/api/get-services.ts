import type { Service } from '@vitrine/api-client';
import { api } from '../../../lib/api';
import { unwrapList, type ListPage } from '../../../lib/list';
import type { ListQuery } from '../../../lib/useListParams';
import { useQuery } from '../../../lib/useQuery';

/** Administrators get unpublished services too. */
export function getServices(
  query: ListQuery & { category?: string },
  signal?: AbortSignal,
): Promise<ListPage<Service>> {
  return unwrapList(api.GET('/api/service', { params: { query }, signal }));
}

export function useServices(query: ListQuery & { category?: string }) {
  return useQuery(JSON.stringify(query), (signal) => getServices(query, signal));
}
