import { unwrap, type ProductCategory } from '@vitrine/api-client';
import { api } from '../../../lib/api-client';
import { useQuery } from '../../../lib/use-query';

/** The categories that hold published products, each with a count and a cover image. */
export function getProductCategories(signal?: AbortSignal): Promise<ProductCategory[]> {
  return unwrap(api.GET('/api/product/getcategory', { signal }));
}

export function useProductCategories() {
  return useQuery('product-categories', getProductCategories);
}
