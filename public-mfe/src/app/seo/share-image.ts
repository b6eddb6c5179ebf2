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

/** The size link previews want (Facebook, LinkedIn, X: 1200 × 630). */
export const SHARE_IMAGE_WIDTH = 1200;
export const SHARE_IMAGE_HEIGHT = 630;

/**
 * The variant a page's structured data points to: the narrowest at least 1200 px wide, else
 * the widest there is (a small upload has no larger one).
 */
export function shareVariant(media: Media): Media['variants'][number] | undefined {
  const variants = [...media.variants].sort((a, b) => a.width - b.width);
  return variants.find((variant) => variant.width >= SHARE_IMAGE_WIDTH) ?? variants.at(-1);
}

/** A stored variant's name: `<20 hex digits>-<width>.webp`, after the uploads folder. */
const VARIANT_FILE = /\/[0-9a-f]{20}-\d+\.webp$/;

/**
 * The share image for `media`, its address made absolute on the site by `url`: the API's
 * 1200 × 630 JPEG crop of it (`<id>-og.jpg`, made on first request), which every preview
 * client reads, where some read no WebP. An image whose files are named otherwise (none the
 * API stores) falls back to its WebP variant.
 */
export function shareImage(
  media: Media,
  url: (path: string) => string,
  alt: string,
): OpenGraphImage | undefined {
  const variant = shareVariant(media);
  if (!variant) return undefined;
  if (media.id && VARIANT_FILE.test(variant.url)) {
    return {
      url: url(variant.url.replace(VARIANT_FILE, `/${media.id}-og.jpg`)),
      width: SHARE_IMAGE_WIDTH,
      height: SHARE_IMAGE_HEIGHT,
      type: 'image/jpeg',
      alt,
    };
  }
  const height = media.width > 0 ? Math.round((media.height * variant.width) / media.width) : 0;
  return {
    url: url(variant.url),
    width: variant.width,
    height,
    type: variant.url.endsWith('.webp') ? 'image/webp' : 'image/jpeg',
    alt,
  };
}
