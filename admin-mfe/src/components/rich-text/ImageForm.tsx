import type { MediaItem } from '@vitrine/api-client';
import { Button, ResponsiveImage, TextField } from '@vitrine/ui';
import { useState } from 'react';
import { variantUrl } from '../../lib/media';
import { MediaPicker } from '../media-picker/MediaPicker';
import { PopoverPanel } from './PopoverPanel';

/** Wide enough for the page's text column: the variant the description shows. */
const TEXT_COLUMN_WIDTH = 1280;

export interface ImageFormProps {
  id: string;
  onInsert(src: string, alt: string): void;
  onCancel(): void;
}

interface Errors {
  image?: string;
  alt?: string;
}

/**
 * The inline panel for an image: one from the media library (picked, or uploaded there with
 * its alt text), and the alt text it has here, which starts as the library's. Only our own
 * images: the API keeps no other in rich text, and the library says where each is used.
 */
export function ImageForm({ id, onInsert, onCancel }: ImageFormProps) {
  const [chosen, setChosen] = useState<MediaItem | null>(null);
  const [alt, setAlt] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [picking, setPicking] = useState(false);

  function insert() {
    const src = chosen ? variantUrl(chosen.media, TEXT_COLUMN_WIDTH) : undefined;
    const found: Errors = {
      image: src ? undefined : 'Choose an image from the media library, or upload one there.',
      alt: alt.trim() ? undefined : 'Describe the image for people who cannot see it.',
    };
    setErrors(found);
    if (!src || found.alt) return;
    onInsert(src, alt.trim());
  }

  return (
    <>
      <PopoverPanel
        id={id}
        label="Image"
        submitLabel="Insert image"
        onSubmit={insert}
        onCancel={onCancel}
      >
        {chosen && (
          <ResponsiveImage
            className="vt-rte__chosen-image"
            media={chosen.media}
            alt=""
            sizes="144px"
          />
        )}
        <Button
          variant="secondary"
          // The panel opens because the author asked for an image: choosing one comes next.
          autoFocus
          aria-describedby={errors.image ? `${id}-image-error` : undefined}
          onClick={() => setPicking(true)}
        >
          {chosen ? 'Choose another image' : 'Choose from the media library'}
        </Button>
        {errors.image && (
          <p id={`${id}-image-error`} className="vt-field__error" role="alert">
            {errors.image}
          </p>
        )}
        <TextField
          label="Alternative text"
          hint="What the image shows, for people who cannot see it"
          required
          maxLength={200}
          value={alt}
          error={errors.alt}
          onChange={(event) => setAlt(event.target.value)}
        />
      </PopoverPanel>
      {/* Outside the panel: its keys (Enter, Escape) are the dialog's, not the panel's. */}
      {picking && (
        <MediaPicker
          title="Insert an image"
          onClose={() => setPicking(false)}
          onPick={([item]) => {
            setPicking(false);
            if (!item) return;
            setChosen(item);
            // The library's words, to keep or to say otherwise here; never a file name.
            setAlt(item.alt);
            setErrors({});
          }}
        />
      )}
    </>
  );
}
