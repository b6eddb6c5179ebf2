import type { Media, Photo } from '@vitrine/api-client';
import { Carousel } from '@vitrine/ui';
import { MediaBox } from './MediaBox';
import { useTranslation } from '../lib/i18n';
import './photo-carousel.css';

export interface PhotoCarouselProps {
  /** The product's or service's name: the carousel is "Photos of <name>". */
  name: string;
  photos: readonly Photo[] | undefined;
  /** The one image of an item saved before photos existed. */
  media: Media | null | undefined;
  sizes: string;
  className?: string;
}

/**
 * An item's own photos, the cover first, one at a time, each with the alt text its editor
 * wrote. The first is the page's main image (priority); the others load when shown. Every
 * slide is in the HTML, so crawlers and visitors without JavaScript get them all.
 */
export function PhotoCarousel({ name, photos, media, sizes, className }: PhotoCarouselProps) {
  const { t } = useTranslation();
  const shown = photos ?? (media ? [{ mediaId: media.id, alt: name, media }] : []);
  const slides = shown.map((photo, index) => (
    <figure key={photo.mediaId} className="item-photo">
      <MediaBox media={photo.media} alt={photo.alt} sizes={sizes} priority={index === 0} />
    </figure>
  ));
  return (
    <Carousel
      label={t('photos.of', { name })}
      slides={slides}
      className={className}
      emptyState={<MediaBox media={null} alt="" sizes={sizes} className={className} />}
    />
  );
}
