import { LIST_MAX_LIMIT } from '@vitrine/contracts';
import { useQuery } from '@tanstack/react-query';
import { useApi } from '../../../lib/api-client';
import { apiQuery } from '../../../lib/api-query';

export interface ProductsQuery {
  /** Only this category's products; all of them without it. */
  category?: string;
  /** How many; a category holds a handful, so one page of the maximum is all of it. */
  limit?: number;
  /** Only the featured ones, in the featured order. */
  featured?: boolean;
}

/** Published products, in the order the administrator set (within each category). */
const products = apiQuery(
  (query: ProductsQuery) => [
    'products',
    query.category ?? '*',
    query.limit ?? LIST_MAX_LIMIT,
    query.featured ? 'featured' : 'all',
  ],
  (api, signal, query) =>
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

export const productsQueryOptions = products.options;

/** `enabled: false` waits (e.g. until the category is known). */
export function useProducts(query: ProductsQuery, enabled = true) {
  return useQuery({ ...productsQueryOptions(useApi(), query), enabled });
}
