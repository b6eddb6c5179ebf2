import type { Media } from '@vitrine/api-client';
import { ResponsiveImage } from '@vitrine/ui';
import './media-box.css';

export interface MediaBoxProps {
  media: Media | null | undefined;
  alt: string;
  /** How wide the box is drawn at each breakpoint, for the browser's pick of a variant. */
  sizes: string;
  /** The box's shape; the image is cropped to it (object-fit: cover). */
  ratio?: 'square' | 'landscape' | 'wide';
  /** The banner or other above-the-fold image: loads first, not lazily. */
  priority?: boolean;
  className?: string;
}

/**
 * An API image in a box whose shape is fixed by CSS before the image arrives, so nothing
 * below it moves when it loads. Without an image the box keeps its place, woven-looking.
 */
export function MediaBox({
  media,
  alt,
  sizes,
  ratio = 'landscape',
  priority,
  className,
}: MediaBoxProps) {
  const classes = ['media-box', `media-box--${ratio}`, className].filter(Boolean).join(' ');
  return (
    <div className={classes}>
      {media ? (
        <ResponsiveImage
          media={media}
          alt={alt}
          sizes={sizes}
          priority={priority}
          className="media-box__image"
        />
      ) : (
        <div
          className="media-box__empty"
          role={alt ? 'img' : undefined}
          aria-label={alt || undefined}
        />
      )}
    </div>
  );
}
