import { LIST_MAX_LIMIT } from '@vitrine/contracts';
import { type ApiClient, unwrap, type Review } from '@vitrine/api-client';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useApi } from '../../../lib/api-client';

/** Published reviews, in the order the studio set (new ones first). */
export function getReviews(api: ApiClient, signal?: AbortSignal): Promise<Review[]> {
  return unwrap(api.GET('/api/reviews', { params: { query: { limit: LIST_MAX_LIMIT } }, signal }));
}

export const reviewsQueryOptions = (api: ApiClient) =>
  queryOptions({ queryKey: ['reviews'], queryFn: ({ signal }) => getReviews(api, signal) });

export function useReviews() {
  return useQuery(reviewsQueryOptions(useApi()));
}

/** The featured reviews, in the order the studio gave them; at most `limit`. */
export function getFeaturedReviews(
  api: ApiClient,
  limit: number,
  signal?: AbortSignal,
): Promise<Review[]> {
  return unwrap(api.GET('/api/reviews', { params: { query: { featured: true, limit } }, signal }));
}

export const featuredReviewsQueryOptions = (api: ApiClient, limit: number) =>
  queryOptions({
    queryKey: ['reviews', 'featured', limit],
    queryFn: ({ signal }) => getFeaturedReviews(api, limit, signal),
  });

export function useFeaturedReviews(limit: number) {
  return useQuery(featuredReviewsQueryOptions(useApi(), limit));
}
