import type { MediaItem, MediaPlace } from '@vitrine/api-client';
import { unwrap } from '@vitrine/api-client';
import { useQuery } from '@tanstack/react-query';
import { api, upload } from './api-client';
import { listQueryOptions, unwrapList, type ListPage } from './list';
import type { LocaleCode } from './site-languages';

/*
 * The media library's calls, shared by its screen and by the picker every form uses to
 * choose an image: one place, so that both see the same cache.
 */

export interface MediaQuery {
  page?: number;
  limit?: number;
  q?: string;
  /** Only the images whose alt text is still untranslated in this language (issue 36). */
  missing?: LocaleCode;
}

export function getMediaItems(
  query: MediaQuery,
  signal?: AbortSignal,
): Promise<ListPage<MediaItem>> {
  return unwrapList(api.GET('/api/media', { params: { query }, signal }));
}

export const mediaItemsQueryOptions = (query: MediaQuery) =>
  listQueryOptions(['media-library', query], (signal) => getMediaItems(query, signal));

export function useMediaItems(query: MediaQuery, enabled = true) {
  return useQuery({ ...mediaItemsQueryOptions(query), enabled });
}

/**
 * Uploads an image into the library, where it stays until deleted there. Without an alt text
 * it arrives with none, to be written where it is used (content refuses a photo without one).
 */
export function uploadMediaItem(
  file: File,
  about: { alt?: string; caption?: string },
  onProgress?: (fraction: number) => void,
): Promise<MediaItem> {
  const form = new FormData();
  if (about.alt) form.append('alt', about.alt);
  if (about.caption) form.append('caption', about.caption);
  form.append('file', file);
  return upload<MediaItem>({ method: 'POST', url: '/api/media/library', form, onProgress });
}

/**
 * Saves an image's words; `updatePlaced` also gives the new alt text to the copies content
 * keeps where the image is placed (a project's photos, rich text, a gallery image).
 */
export function updateMediaItem(
  id: string,
  changes: {
    alt?: string;
    caption?: string;
    updatePlaced?: boolean;
    /** The alt text in other languages (issue 36): the languages named are replaced. */
    translations?: Record<string, { alt: string }>;
  },
): Promise<MediaItem> {
  return unwrap(
    api.PATCH('/api/media/{id}', { params: { path: { id } }, body: changes }),
  ) as Promise<MediaItem>;
}

/** Each field of each item that places the image, with the alt text kept there. */
export function getMediaUsage(id: string, signal?: AbortSignal): Promise<MediaPlace[]> {
  return unwrap(api.GET('/api/media/{id}/usage', { params: { path: { id } }, signal })) as Promise<
    MediaPlace[]
  >;
}

export function useMediaUsage(id: string, enabled = true) {
  return useQuery({
    queryKey: ['media-library', 'usage', id],
    queryFn: ({ signal }) => getMediaUsage(id, signal),
    enabled,
  });
}

/**
 * Deletes an image no content uses; an ApiError (409) names where it is still used. With
 * `detach`, the API first takes it out of every place that shows it.
 */
export function deleteMediaItem(id: string, { detach = false } = {}): Promise<unknown> {
  return unwrap(
    api.DELETE('/api/media/{id}', {
      params: { path: { id }, query: detach ? { detach: true } : {} },
    }),
  );
}
