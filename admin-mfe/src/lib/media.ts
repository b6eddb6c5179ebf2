import type { Media } from '@vitrine/api-client';

/** The smallest variant at least `width` px wide (or the largest there is). */
export function variantUrl(media: Media | null | undefined, width = 160): string | undefined {
  const variants = [...(media?.variants ?? [])].sort((a, b) => a.width - b.width);
  return (variants.find((variant) => variant.width >= width) ?? variants.at(-1))?.url;
}

/** An uploaded file's address when only its stored name is known. */
export const uploadUrl = (name: string) => `/uploads/${name}`;
