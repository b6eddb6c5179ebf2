import { LIST_MAX_LIMIT } from '@vitrine/contracts';
import { apiQuery, featuredQuery } from '../../../lib/api-query';

/** Published services, all of them or one category's. */
const services = apiQuery(
  (category: string | undefined) => ['services', category ?? '*'],
  (api, signal, category) =>
    api.GET('/api/service', { params: { query: { category, limit: LIST_MAX_LIMIT } }, signal }),
);

export const servicesQueryOptions = services.options;
export const useServices = services.useAnswer;

/** The featured services, in the order the studio gave them; at most `limit`. */
const featured = featuredQuery('services', (api, signal, limit) =>
  api.GET('/api/service', { params: { query: { featured: true, limit } }, signal }),
);

export const featuredServicesQueryOptions = featured.options;
export const useFeaturedServices = featured.useAnswer;
