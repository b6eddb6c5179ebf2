import { unwrap, type Product } from '@vitrine/api-client';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** One published product by its slug (or, for the old links, its exact name). 404 if none. */
export function getProduct(slugOrName: string, signal?: AbortSignal): Promise<Product> {
  return unwrap(
    api.GET('/api/product/singleproject/{productname}', {
      params: { path: { productname: slugOrName } },
      signal,
    }),
  );
}

export const productQueryOptions = (slugOrName: string) =>
  queryOptions({
    queryKey: ['product', slugOrName],
    queryFn: ({ signal }) => getProduct(slugOrName, signal),
  });

/** `null` waits (e.g. until the name is known). */
export function useProduct(slugOrName: string | null) {
  return useQuery({ ...productQueryOptions(slugOrName ?? ''), enabled: slugOrName !== null });
}
