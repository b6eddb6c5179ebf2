import { LIST_MAX_LIMIT } from '@vitrine/contracts';
import { unwrap, type Review } from '@vitrine/api-client';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** Published reviews, newest first. */
export function getReviews(signal?: AbortSignal): Promise<Review[]> {
  return unwrap(api.GET('/api/reviews', { params: { query: { limit: LIST_MAX_LIMIT } }, signal }));
}

export const reviewsQueryOptions = () =>
  queryOptions({ queryKey: ['reviews'], queryFn: ({ signal }) => getReviews(signal) });

export function useReviews() {
  return useQuery(reviewsQueryOptions());
}
