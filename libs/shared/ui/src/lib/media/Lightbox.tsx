import { type KeyboardEvent, type ReactNode, useEffect, useId, useRef } from 'react';
import { Modal } from '../a11y/Modal';
import { useUiWords } from '../ui-words';
import { ResponsiveImage, type ResponsiveMedia } from './ResponsiveImage';
import './icon-button.css';
import './lightbox.css';

export interface LightboxImage {
  alt: string;
  media?: ResponsiveMedia;
  src?: string;
  /** Shown under the image; defaults to the alt text. */
  caption?: ReactNode;
}

export interface LightboxProps {
  images: readonly LightboxImage[];
  /** The image on show; `null` keeps the lightbox closed. */
  index: number | null;
  onIndexChange(index: number): void;
  onClose(): void;
  /** Names the dialog. */
  label?: string;
  /**
   * The thumbnail that shows image `index`: focus goes back to the one of the image on show
   * when the viewer closes, which after Next or Previous is not the one that opened it.
   */
  thumbnail?(index: number): HTMLElement | null | undefined;
}

/**
 * A full-screen viewer over a gallery. Left and Right (or the buttons) move through the images
 * and wrap at the ends; Escape or Close shuts it and focus goes back to the thumbnail of the
 * image last shown (`thumbnail`), else to the one that opened it.
 */
export function Lightbox({
  images,
  index,
  onIndexChange,
  onClose,
  label,
  thumbnail,
}: LightboxProps) {
  const words = useUiWords();
  const titleId = useId();
  const closeRef = useRef<HTMLButtonElement>(null);
  // The image on show, still known once `index` is null and the dialog closes.
  const shown = useRef(0);
  const count = images.length;
  const open = index !== null && count > 0;
  const current = open ? Math.min(Math.max(index, 0), count - 1) : 0;
  useEffect(() => {
    if (open) shown.current = current;
  }, [open, current]);
  if (!open) return null;

  const image = images[current];
  const go = (step: number) => onIndexChange((current + step + count) % count);

  function handleKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (count < 2) return;
    if (event.key === 'ArrowRight') go(1);
    else if (event.key === 'ArrowLeft') go(-1);
    else return;
    event.preventDefault();
  }

  return (
    <Modal
      labelledBy={titleId}
      onClose={onClose}
      onKeyDown={handleKeyDown}
      initialFocus={closeRef}
      returnFocus={thumbnail && (() => thumbnail(shown.current))}
      className="vt-lightbox"
    >
      <div className="vt-lightbox__bar">
        <h2 id={titleId} className="vt-lightbox__title">
          {label ?? words.imageViewer}
          <span className="vt-lightbox__counter" aria-live="polite">
            {words.imageOf(current + 1, count)}
          </span>
        </h2>
        <button
          ref={closeRef}
          type="button"
          className="vt-icon-button vt-lightbox__close"
          aria-label={words.close}
          onClick={onClose}
        >
          <span aria-hidden="true">×</span>
        </button>
      </div>
      <figure className="vt-lightbox__figure">
        <ResponsiveImage
          // A new element per image, so the placeholder shows again until it loads.
          key={current}
          media={image.media}
          src={image.src}
          alt={image.alt}
          sizes="100vw"
          priority
          className="vt-lightbox__image"
        />
        <figcaption className="vt-lightbox__caption">{image.caption ?? image.alt}</figcaption>
      </figure>
      {count > 1 && (
        <>
          <button
            type="button"
            className="vt-icon-button vt-lightbox__prev"
            aria-label={words.previousImage}
            onClick={() => go(-1)}
          >
            <span aria-hidden="true">‹</span>
          </button>
          <button
            type="button"
            className="vt-icon-button vt-lightbox__next"
            aria-label={words.nextImage}
            onClick={() => go(1)}
          >
            <span aria-hidden="true">›</span>
          </button>
        </>
      )}
    </Modal>
  );
}
