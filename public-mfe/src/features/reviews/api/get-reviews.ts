import { LIST_MAX_LIMIT } from '@vitrine/contracts';
import { unwrap, type Review } from '@vitrine/api-client';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** Published reviews, in the order the studio set (new ones first). */
export function getReviews(signal?: AbortSignal): Promise<Review[]> {
  return unwrap(api.GET('/api/reviews', { params: { query: { limit: LIST_MAX_LIMIT } }, signal }));
}

export const reviewsQueryOptions = () =>
  queryOptions({ queryKey: ['reviews'], queryFn: ({ signal }) => getReviews(signal) });

export function useReviews() {
  return useQuery(reviewsQueryOptions());
}

/** The featured reviews, in the order the studio gave them; at most `limit`. */
export function getFeaturedReviews(limit: number, signal?: AbortSignal): Promise<Review[]> {
  return unwrap(api.GET('/api/reviews', { params: { query: { featured: true, limit } }, signal }));
}

export function useFeaturedReviews(limit: number) {
  return useQuery({
    queryKey: ['reviews', 'featured', limit],
    queryFn: ({ signal }) => getFeaturedReviews(limit, signal),
  });
}
