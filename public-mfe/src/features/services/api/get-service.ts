import { itemBySlugQuery } from '../../../lib/api-query';

/** One published service by its slug (or exact name, as the old links used). 404 if none. */
const service = itemBySlugQuery('service', (api, signal, slugOrName) =>
  api.GET('/api/service/singleservice/{servicename}', {
    params: { path: { servicename: slugOrName } },
    signal,
  }),
);

export const serviceQueryOptions = service.options;
/** `null` waits (e.g. until the slug is known). */
export const useService = service.useItem;
