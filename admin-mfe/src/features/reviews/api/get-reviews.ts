import { unwrap, type Review } from '@vitrine/api-client';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { listQueryOptions, unwrapList, type ListPage } from '../../../lib/list';
import type { ListQuery } from '../../../lib/use-list-params';

export type ReviewsQuery = ListQuery & { featured?: boolean };

export function getReviews(query: ReviewsQuery, signal?: AbortSignal): Promise<ListPage<Review>> {
  return unwrapList(api.GET('/api/reviews', { params: { query }, signal }));
}

export const reviewsQueryOptions = (query: ReviewsQuery) =>
  listQueryOptions(['reviews', query], (signal) => getReviews(query, signal));

export function useReviews(query: ReviewsQuery) {
  return useQuery(reviewsQueryOptions(query));
}

/** Moves a review in the list, or among the featured. */
export function moveReview(id: string, to: { order?: number; featuredOrder?: number }) {
  return unwrap(api.PUT('/api/reviews/{id}/position', { params: { path: { id } }, body: to }));
}
