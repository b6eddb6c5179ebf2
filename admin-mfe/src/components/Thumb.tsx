import type { Media } from '@vitrine/api-client';
import { variantUrl } from '../lib/media';

/** A small square preview of an uploaded image for tables; decorative next to the row's name. */
export function Thumb({ media, alt = '' }: { media: Media | null | undefined; alt?: string }) {
  const url = variantUrl(media, 96);
  if (!url) return <span className="adm-thumb adm-thumb--empty">No image</span>;
  return <img className="adm-thumb" src={url} alt={alt} width={48} height={48} loading="lazy" />;
}
