import type { Media } from '@vitrine/api-client';
import { ResponsiveImage } from '@vitrine/ui';
import './thumb.css';

/** The thumbnail's square side in CSS pixels (`.adm-thumb`). */
const SIDE = 48;

/** A small square preview of an uploaded image for tables; decorative next to the row's name. */
export function Thumb({ media, alt = '' }: { media: Media | null | undefined; alt?: string }) {
  if (!media?.variants.length) {
    return <span className="adm-thumb adm-thumb--empty">No image</span>;
  }
  // The image covers the square, so a wide one is drawn wider than the square itself.
  const drawnWidth = Math.round(SIDE * Math.max(1, media.width / (media.height || media.width)));
  return (
    <ResponsiveImage media={media} alt={alt} sizes={`${drawnWidth}px`} className="adm-thumb" />
  );
}
