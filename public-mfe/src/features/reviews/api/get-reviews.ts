import { LIST_MAX_LIMIT } from '@vitrine/contracts';
import { unwrap, type Review } from '@vitrine/api-client';
import { api } from '../../../lib/api-client';
import { useQuery } from '../../../lib/use-query';

/** Published reviews, newest first. */
export function getReviews(signal?: AbortSignal): Promise<Review[]> {
  return unwrap(api.GET('/api/reviews', { params: { query: { limit: LIST_MAX_LIMIT } }, signal }));
}

export function useReviews() {
  return useQuery('reviews', getReviews);
}
