import { apiQuery } from '../../../lib/api-query';

/** The service categories in use, each with a count: the filter's options. */
const categories = apiQuery(
  () => ['service-categories'],
  (api, signal) => api.GET('/api/service/getcategory', { signal }),
);

export const serviceCategoriesQueryOptions = categories.options;
export const useServiceCategories = categories.useAnswer;
