import { apiQuery } from '../../../lib/api-query';

/** The categories that hold published products, each with a count and a cover image. */
const categories = apiQuery(
  () => ['product-categories'],
  (api, signal) => api.GET('/api/product/getcategory', { signal }),
);

export const productCategoriesQueryOptions = categories.options;
export const useProductCategories = categories.useAnswer;
