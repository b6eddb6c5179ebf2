import { unwrap, type Review } from '@vitrine/api-client';
import { api } from '../../../lib/api';
import { useQuery } from '../../../lib/useQuery';

export function getReview(id: string, signal?: AbortSignal): Promise<Review> {
  return unwrap(api.GET('/api/reviews/{id}', { params: { path: { id } }, signal }));
}

export function useReview(id: string | undefined) {
  return useQuery(id ?? null, (signal) => getReview(id ?? '', signal));
}
