import type { Review } from '@vitrine/api-client';
import { api } from '../../../lib/api';
import { unwrapList, type ListPage } from '../../../lib/list';
import type { ListQuery } from '../../../lib/useListParams';
import { useQuery } from '../../../lib/useQuery';

export function getReviews(query: ListQuery, signal?: AbortSignal): Promise<ListPage<Review>> {
  return unwrapList(api.GET('/api/reviews', { params: { query }, signal }));
}

export function useReviews(query: ListQuery) {
  return useQuery(JSON.stringify(query), (signal) => getReviews(query, signal));
}
