import type { GalleryImage } from '@vitrine/api-client';
import { Lightbox } from '@vitrine/ui';
import { useRef, useState } from 'react';
import { MediaBox } from '../../../components/MediaBox';
import { useTranslation } from '../../../lib/i18n';
import './gallery.css';

/**
 * Square thumbnails (the pictures cropped to fit) that open a full-size viewer. Each
 * thumbnail is a button named by the picture's alt text; the viewer moves with the arrow
 * keys, closes with Escape and hands focus back to the thumbnail of the picture last shown.
 */
export function GalleryGrid({ images }: { images: readonly GalleryImage[] }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState<number | null>(null);
  const thumbnails = useRef<(HTMLButtonElement | null)[]>([]);
  return (
    <>
      <ul className="gallery-grid">
        {images.map((image, index) => (
          <li key={image._id}>
            <button
              type="button"
              className="gallery-grid__item"
              aria-haspopup="dialog"
              ref={(button) => {
                thumbnails.current[index] = button;
              }}
              onClick={() => setOpen(index)}
            >
              <MediaBox
                media={image.media}
                alt={image.alt}
                ratio="square"
                sizes="(min-width: 80rem) 18rem, (min-width: 48rem) 30vw, 50vw"
                // The first row is on screen at once.
                priority={index < 4}
              />
            </button>
          </li>
        ))}
      </ul>
      <Lightbox
        label={t('gallery.eyebrow')}
        images={images.map((image) => ({ alt: image.alt, media: image.media }))}
        index={open}
        onIndexChange={setOpen}
        onClose={() => setOpen(null)}
        thumbnail={(index) => thumbnails.current[index]}
      />
    </>
  );
}
