import { unwrap, type Product } from '@vitrine/api-client';
import { api } from '../../../lib/api-client';
import { useQuery } from '../../../lib/use-query';

/** One published product by its slug (or, for the old links, its exact name). 404 if none. */
export function getProduct(slugOrName: string, signal?: AbortSignal): Promise<Product> {
  return unwrap(
    api.GET('/api/product/singleproject/{productname}', {
      params: { path: { productname: slugOrName } },
      signal,
    }),
  );
}

export function useProduct(slugOrName: string | null) {
  return useQuery(slugOrName === null ? null : `product:${slugOrName}`, (signal) =>
    getProduct(slugOrName ?? '', signal),
  );
}
