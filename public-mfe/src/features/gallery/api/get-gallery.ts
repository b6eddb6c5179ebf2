import { LIST_MAX_LIMIT } from '@vitrine/contracts';
import { apiQuery } from '../../../lib/api-query';

/** The gallery in the order the administrator arranged it. */
const gallery = apiQuery(
  () => ['gallery'],
  (api, signal) =>
    api.GET('/api/gallery', { params: { query: { limit: LIST_MAX_LIMIT } }, signal }),
);

export const galleryQueryOptions = gallery.options;
export const useGallery = gallery.useAnswer;
