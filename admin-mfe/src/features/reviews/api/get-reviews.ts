import type { Review } from '@vitrine/api-client';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { unwrapList, type ListPage } from '../../../lib/list';
import type { ListQuery } from '../../../lib/useListParams';

export function getReviews(query: ListQuery, signal?: AbortSignal): Promise<ListPage<Review>> {
  return unwrapList(api.GET('/api/reviews', { params: { query }, signal }));
}

export const reviewsQueryOptions = (query: ListQuery) =>
  queryOptions({
    queryKey: ['reviews', query],
    queryFn: ({ signal }) => getReviews(query, signal),
    placeholderData: keepPreviousData,
  });

export function useReviews(query: ListQuery) {
  return useQuery(reviewsQueryOptions(query));
}
