import type { GalleryImage } from '@vitrine/api-client';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { listQueryOptions, unwrapList, type ListPage } from '../../../lib/list';
import type { ListQuery } from '../../../lib/use-list-params';
import type { LocaleCode } from '../../../lib/site-languages';

export function getGallery(
  query: ListQuery & { missing?: LocaleCode },
  signal?: AbortSignal,
): Promise<ListPage<GalleryImage>> {
  return unwrapList(api.GET('/api/gallery', { params: { query }, signal }));
}

export const galleryQueryOptions = (query: ListQuery & { missing?: LocaleCode }) =>
  listQueryOptions(['gallery', query], (signal) => getGallery(query, signal));

export function useGallery(query: ListQuery & { missing?: LocaleCode }) {
  return useQuery(galleryQueryOptions(query));
}
