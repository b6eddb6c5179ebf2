import { LIST_MAX_LIMIT } from '@vitrine/contracts';
import { type ApiClient, unwrap, type Product } from '@vitrine/api-client';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useApi } from '../../../lib/api-client';

export interface ProductsQuery {
  /** Only this category's products; all of them without it. */
  category?: string;
  /** How many; a category holds a handful, so one page of the maximum is all of it. */
  limit?: number;
  /** Only the featured ones, in the featured order. */
  featured?: boolean;
}

/** Published products, in the order the administrator set (within each category). */
export function getProducts(
  api: ApiClient,
  query: ProductsQuery,
  signal?: AbortSignal,
): Promise<Product[]> {
  return unwrap(
    api.GET('/api/product', {
      params: {
        query: {
          category: query.category,
          limit: query.limit ?? LIST_MAX_LIMIT,
          ...(query.featured ? { featured: true } : {}),
        },
      },
      signal,
    }),
  );
}

export const productsQueryOptions = (api: ApiClient, query: ProductsQuery) =>
  queryOptions({
    queryKey: [
      'products',
      query.category ?? '*',
      query.limit ?? LIST_MAX_LIMIT,
      query.featured ? 'featured' : 'all',
    ],
    queryFn: ({ signal }) => getProducts(api, query, signal),
  });

/** `enabled: false` waits (e.g. until the category is known). */
export function useProducts(query: ProductsQuery, enabled = true) {
  return useQuery({ ...productsQueryOptions(useApi(), query), enabled });
}
