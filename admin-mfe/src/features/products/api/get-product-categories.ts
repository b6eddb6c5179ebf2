import { unwrap, type ProductCategory } from '@vitrine/api-client';
import { api } from '../../../lib/api';
import { useQuery } from '../../../lib/useQuery';

/** The categories projects use now (with a count each). */
export function getProductCategories(signal?: AbortSignal): Promise<ProductCategory[]> {
  return unwrap(api.GET('/api/product/getcategory', { signal }));
}

export function useProductCategories() {
  return useQuery('product-categories', getProductCategories);
}
