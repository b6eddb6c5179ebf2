import { ON_DEMAND_IMAGE_WIDTHS } from '@vitrine/contracts';
import { type CSSProperties, useState } from 'react';
import { cx } from '../classNames';
import './responsive-image.css';

export interface ImageVariant {
  width: number;
  url: string;
}

/** An uploaded image as the API describes it: resized copies plus the original's size. */
export interface ResponsiveMedia {
  variants: readonly ImageVariant[];
  width: number;
  height: number;
  /** A tiny blurred data URL shown until the real image arrives. */
  placeholder?: string;
}

export interface ResponsiveImageProps {
  media?: ResponsiveMedia;
  /** Used when there is no `media` (e.g. a bundled asset). */
  src?: string;
  alt: string;
  /** How wide the image is drawn, for the browser's pick from the srcset. */
  sizes?: string;
  /** Above-the-fold images load at once and first; the rest wait until scrolled near. */
  priority?: boolean;
  /** Intrinsic size when there is no `media`. */
  width?: number;
  height?: number;
  className?: string;
  /** `false` where the image sits in something dragged itself (a reorderable list's item). */
  draggable?: boolean;
}

/**
 * An image's variants, narrowest first, with the widths the API makes on demand wherever the
 * image has a wider variant (a phone's full-width picture gets 960 px, not 1280).
 */
function withOnDemandWidths(variants: readonly ImageVariant[]): ImageVariant[] {
  const all = [...variants];
  for (const width of ON_DEMAND_IMAGE_WIDTHS) {
    const wider = variants.find((variant) => variant.width > width);
    if (!wider || variants.some((variant) => variant.width === width)) continue;
    const url = wider.url.replace(/-\d+\.webp$/, `-${width}.webp`);
    if (url !== wider.url) all.push({ width, url });
  }
  return all.sort((a, b) => a.width - b.width);
}

/**
 * An `<img>` that lets the browser pick the right-sized variant, reserves its box (width and
 * height) so the page does not jump, and shows a blurred placeholder until it has loaded.
 */
export function ResponsiveImage({
  media,
  src,
  alt,
  sizes,
  priority = false,
  width,
  height,
  className,
  draggable,
}: ResponsiveImageProps) {
  const [loaded, setLoaded] = useState(false);
  const variants = withOnDemandWidths(media?.variants ?? []);
  const srcSet = variants.map((variant) => `${variant.url} ${variant.width}w`).join(', ');
  const fallback = variants.at(-1)?.url ?? src;
  const placeholder = !loaded && media?.placeholder;
  const style: CSSProperties | undefined = placeholder
    ? { backgroundImage: `url("${placeholder.replace(/"/g, '%22')}")` }
    : undefined;

  return (
    <img
      src={fallback}
      srcSet={srcSet || undefined}
      sizes={srcSet ? (sizes ?? '100vw') : undefined}
      alt={alt}
      width={media?.width ?? width}
      height={media?.height ?? height}
      loading={priority ? 'eager' : 'lazy'}
      decoding={priority ? undefined : 'async'}
      fetchPriority={priority ? 'high' : undefined}
      className={cx('vt-image', placeholder && 'vt-image--placeholder', className)}
      style={style}
      draggable={draggable}
      onLoad={() => setLoaded(true)}
    />
  );
}
