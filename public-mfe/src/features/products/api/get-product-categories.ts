import { type ApiClient, unwrap, type ProductCategory } from '@vitrine/api-client';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useApi } from '../../../lib/api-client';

/** The categories that hold published products, each with a count and a cover image. */
export function getProductCategories(
  api: ApiClient,
  signal?: AbortSignal,
): Promise<ProductCategory[]> {
  return unwrap(api.GET('/api/product/getcategory', { signal }));
}

export const productCategoriesQueryOptions = (api: ApiClient) =>
  queryOptions({
    queryKey: ['product-categories'],
    queryFn: ({ signal }) => getProductCategories(api, signal),
  });

export function useProductCategories() {
  return useQuery(productCategoriesQueryOptions(useApi()));
}
