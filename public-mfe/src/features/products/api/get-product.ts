import { type ApiClient, unwrap, type Product } from '@vitrine/api-client';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useApi } from '../../../lib/api-client';

/** One published product by its slug (or, for the old links, its exact name). 404 if none. */
export function getProduct(
  api: ApiClient,
  slugOrName: string,
  signal?: AbortSignal,
): Promise<Product> {
  return unwrap(
    api.GET('/api/product/singleproject/{productname}', {
      params: { path: { productname: slugOrName } },
      signal,
    }),
  );
}

export const productQueryOptions = (api: ApiClient, slugOrName: string) =>
  queryOptions({
    queryKey: ['product', slugOrName],
    queryFn: ({ signal }) => getProduct(api, slugOrName, signal),
  });

/** `null` waits (e.g. until the name is known). */
export function useProduct(slugOrName: string | null) {
  return useQuery({
    ...productQueryOptions(useApi(), slugOrName ?? ''),
    enabled: slugOrName !== null,
  });
}
