import { unwrap, type Product } from '@vitrine/api-client';
import { api } from '../../../lib/api';
import { useQuery } from '../../../lib/useQuery';

export function getProduct(id: string, signal?: AbortSignal): Promise<Product> {
  return unwrap(api.GET('/api/product/{id}', { params: { path: { id } }, signal }));
}

export function useProduct(id: string | undefined) {
  return useQuery(id ?? null, (signal) => getProduct(id ?? '', signal));
}
