import { unwrap, type Review } from '@vitrine/api-client';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export function getReview(id: string, signal?: AbortSignal): Promise<Review> {
  return unwrap(api.GET('/api/reviews/{id}', { params: { path: { id } }, signal }));
}

export const reviewQueryOptions = (id: string) =>
  queryOptions({ queryKey: ['review', id], queryFn: ({ signal }) => getReview(id, signal) });

/** One review; `id: undefined` waits. */
export function useReview(id: string | undefined) {
  return useQuery({ ...reviewQueryOptions(id ?? ''), enabled: id !== undefined });
}
