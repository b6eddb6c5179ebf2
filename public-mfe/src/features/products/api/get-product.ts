import { itemBySlugQuery } from '../../../lib/api-query';

/** One published product by its slug (or, for the old links, its exact name). 404 if none. */
const product = itemBySlugQuery('product', (api, signal, slugOrName) =>
  api.GET('/api/product/singleproject/{productname}', {
    params: { path: { productname: slugOrName } },
    signal,
  }),
);

export const productQueryOptions = product.options;
/** `null` waits (e.g. until the name is known). */
export const useProduct = product.useItem;
