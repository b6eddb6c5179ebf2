import { upload } from './api';
import type { Media } from '@vitrine/api-client';

/** The smallest variant at least `width` px wide (or the largest there is). */
export function variantUrl(media: Media | null | undefined, width = 160): string | undefined {
  const variants = [...(media?.variants ?? [])].sort((a, b) => a.width - b.width);
  return (variants.find((variant) => variant.width >= width) ?? variants.at(-1))?.url;
}

/** An uploaded file's address when only its stored name is known. */
export const uploadUrl = (name: string) => `/uploads/${name}`;

/**
 * Uploads an image for a rich-text description (re-encoded by the API like every upload)
 * and gives the address of a variant wide enough for the page's text column.
 */
export async function uploadEditorImage(file: File): Promise<string> {
  const form = new FormData();
  form.append('file', file);
  const media = await upload<Media>({ method: 'POST', url: '/api/media', form });
  const url = variantUrl(media, 1280);
  if (!url) throw new Error('The upload returned no image');
  return url;
}
