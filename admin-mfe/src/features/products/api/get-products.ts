import type { Product } from '@vitrine/api-client';
import { api } from '../../../lib/api';
import { unwrapList, type ListPage } from '../../../lib/list';
import type { ListQuery } from '../../../lib/useListParams';
import { useQuery } from '../../../lib/useQuery';

/** Administrators get unpublished projects too. */
export function getProducts(
  query: ListQuery & { category?: string },
  signal?: AbortSignal,
): Promise<ListPage<Product>> {
  return unwrapList(api.GET('/api/product', { params: { query }, signal }));
}

export function useProducts(query: ListQuery & { category?: string }) {
  return useQuery(JSON.stringify(query), (signal) => getProducts(query, signal));
}
