import type { GalleryImage } from '@vitrine/api-client';
import { upload } from '../../../lib/api-client';

/** At most this many images in one upload (the API's limit). */
export const GALLERY_BATCH_MAX = 10;

export interface GalleryUpload {
  file: File;
  alt: string;
}

/** Adds the images at the end of the gallery; `alt` is sent once per file, in file order. */
export function uploadGalleryImages(
  uploads: readonly GalleryUpload[],
  onProgress?: (fraction: number) => void,
): Promise<GalleryImage[]> {
  const form = new FormData();
  for (const item of uploads) form.append('images', item.file);
  for (const item of uploads) form.append('alt', item.alt.trim());
  return upload<GalleryImage[]>({ method: 'POST', url: '/api/gallery', form, onProgress });
}

/** Adds media library images at the end of the gallery, each with its alt text here. */
export function addLibraryImagesToGallery(
  photos: readonly { mediaId: string; alt: string }[],
  onProgress?: (fraction: number) => void,
): Promise<GalleryImage[]> {
  const form = new FormData();
  form.append(
    'photos',
    JSON.stringify(photos.map(({ mediaId, alt }) => ({ mediaId, alt: alt.trim() }))),
  );
  return upload<GalleryImage[]>({ method: 'POST', url: '/api/gallery', form, onProgress });
}
