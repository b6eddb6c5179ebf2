import type { Media } from '@vitrine/api-client';

/** The picture a link preview shows (og:image and its size, type and alt text). */
export interface OpenGraphImage {
  /** Absolute URL of the variant closest to 1200 px wide. */
  url: string;
  width: number;
  height: number;
  type: string;
  alt: string;
}

/** The width link previews want (Facebook, LinkedIn, X: 1200 × 630). */
export const SHARE_IMAGE_WIDTH = 1200;

/**
 * The variant a link preview should fetch: the narrowest at least 1200 px wide, else the
 * widest there is (a small upload has no larger one).
 */
export function shareVariant(media: Media): Media['variants'][number] | undefined {
  const variants = [...media.variants].sort((a, b) => a.width - b.width);
  return variants.find((variant) => variant.width >= SHARE_IMAGE_WIDTH) ?? variants.at(-1);
}

/** The share image for `media`, its address made absolute on the site by `url`. */
export function shareImage(
  media: Media,
  url: (path: string) => string,
  alt: string,
): OpenGraphImage | undefined {
  const variant = shareVariant(media);
  if (!variant) return undefined;
  const height = media.width > 0 ? Math.round((media.height * variant.width) / media.width) : 0;
  return {
    url: url(variant.url),
    width: variant.width,
    height,
    type: variant.url.endsWith('.webp') ? 'image/webp' : 'image/jpeg',
    alt,
  };
}
