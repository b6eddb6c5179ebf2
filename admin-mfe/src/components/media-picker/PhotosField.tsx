import type { Media } from '@vitrine/api-client';
import type { Translations } from '@vitrine/contracts';
import { Button, ResponsiveImage, TextField } from '@vitrine/ui';
import { type DragEvent, useId, useState } from 'react';
import { MediaPicker } from './MediaPicker';
import './photos-field.css';

/** A photo as a form holds it: a library image, its alt text here, its variants to preview. */
export interface FormPhoto {
  mediaId: string;
  alt: string;
  media: Media;
  /** Its alt text in the site's other languages (issue 36), kept as the photo moves. */
  translations?: Translations<'alt'>;
}

export interface PhotosFieldProps {
  /** Prefix of the elements' ids: `<id>-<n>-alt` is photo n's alt text (for error links). */
  id: string;
  /** "project", "service": in the labels. */
  what: string;
  value: readonly FormPhoto[];
  onChange(photos: FormPhoto[]): void;
  /** Alt text errors by position. */
  altErrors?: readonly (string | undefined)[];
  /** The first photo is the cover (products, services); a review's are only in order. */
  withCover?: boolean;
  /** How many photos may be chosen: the picker's choice beyond it is left out, said so. */
  max?: number;
}

/** The id of photo `index`'s alt text field, for a form's error summary. */
export const photoAltId = (id: string, index: number) => `${id}-${index}-alt`;

/**
 * Several photos in order, each with its alt text (required, never made up from the file
 * name), the first one the cover. Reordered by drag and drop or by buttons, which say what
 * they did to screen readers; added from the media library or uploaded into it, several at
 * once, their alt texts written in the picker or here (the save refuses a photo without one).
 */
export function PhotosField({
  id,
  what,
  value,
  onChange,
  altErrors = [],
  withCover = true,
  max,
}: PhotosFieldProps) {
  const headingId = useId();
  const [picking, setPicking] = useState(false);
  const [announcement, setAnnouncement] = useState('');
  const [dragged, setDragged] = useState<number | null>(null);

  function move(from: number, to: number, said?: string) {
    if (to < 0 || to >= value.length || from === to) return;
    const next = [...value];
    const [photo] = next.splice(from, 1);
    next.splice(to, 0, photo);
    onChange(next);
    setAnnouncement(said ?? `Photo moved to position ${to + 1} of ${value.length}`);
    // Keep the focus on the control the user pressed, on the photo's new row.
    requestAnimationFrame(() => {
      document.getElementById(photoAltId(id, to))?.closest('li')?.querySelector('button')?.focus();
    });
  }

  function drop(event: DragEvent<HTMLLIElement>, to: number) {
    event.preventDefault();
    if (dragged !== null) move(dragged, to);
    setDragged(null);
  }

  return (
    <fieldset className="vt-field adm-photos" aria-describedby={`${id}-hint`}>
      <legend className="vt-field__label" id={headingId}>
        Photos
      </legend>
      <p id={`${id}-hint`} className="vt-field__hint">
        {withCover &&
          `The first photo is the cover: lists, link previews and the top of the ${what}'s page show it. `}
        Drag photos or use the buttons to order them; each needs an alt text
        {max !== undefined && ` (at most ${max} photos)`}.
      </p>
      {value.length === 0 ? (
        <p className="adm-photos__empty">No photos yet.</p>
      ) : (
        <ol className="adm-photos__list" aria-labelledby={headingId}>
          {value.map((photo, index) => (
            <li
              key={photo.mediaId}
              className={`adm-photos__item${dragged === index ? ' adm-photos__item--dragged' : ''}`}
              draggable
              data-media-id={photo.mediaId}
              onDragStart={(event) => {
                setDragged(index);
                event.dataTransfer.effectAllowed = 'move';
              }}
              onDragEnd={() => setDragged(null)}
              onDragOver={(event) => event.preventDefault()}
              onDrop={(event) => drop(event, index)}
            >
              <div className="adm-photos__thumb">
                <ResponsiveImage media={photo.media} alt="" sizes="112px" draggable={false} />
                {withCover && index === 0 && <span className="adm-photos__cover">Cover</span>}
              </div>
              <TextField
                id={photoAltId(id, index)}
                label={`Alt text of photo ${index + 1}`}
                required
                maxLength={200}
                wrapperClassName="adm-photos__alt"
                value={photo.alt}
                error={altErrors[index]}
                onChange={(event) =>
                  onChange(
                    value.map((one, at) =>
                      at === index ? { ...one, alt: event.target.value } : one,
                    ),
                  )
                }
              />
              <div className="adm-photos__actions">
                {withCover && index > 0 && (
                  <Button
                    variant="secondary"
                    className="adm-small-button"
                    aria-label={`Make cover: photo ${index + 1}`}
                    onClick={() => move(index, 0, `Photo ${index + 1} is now the cover`)}
                  >
                    Make cover
                  </Button>
                )}
                <Button
                  variant="ghost"
                  className="adm-small-button"
                  aria-label={`Move photo ${index + 1} up`}
                  disabled={index === 0}
                  onClick={() => move(index, index - 1)}
                >
                  Up
                </Button>
                <Button
                  variant="ghost"
                  className="adm-small-button"
                  aria-label={`Move photo ${index + 1} down`}
                  disabled={index === value.length - 1}
                  onClick={() => move(index, index + 1)}
                >
                  Down
                </Button>
                <Button
                  variant="ghost"
                  className="adm-small-button"
                  aria-label={`Remove photo ${index + 1}`}
                  onClick={() => {
                    onChange(value.filter((_, at) => at !== index));
                    setAnnouncement(`Photo ${index + 1} removed; it stays in the media library`);
                  }}
                >
                  Remove
                </Button>
              </div>
            </li>
          ))}
        </ol>
      )}
      <Button variant="secondary" onClick={() => setPicking(true)}>
        Add photos
      </Button>
      <p className="vt-visually-hidden" role="status">
        {announcement}
      </p>
      {picking && (
        <MediaPicker
          title="Add photos"
          multiple
          noun="photo"
          onClose={() => setPicking(false)}
          onPick={(items) => {
            const known = new Set(value.map((photo) => photo.mediaId));
            const fresh = items
              .filter((item) => !known.has(item._id))
              .map((item) => ({ mediaId: item._id, alt: item.alt, media: item.media }));
            const added =
              max === undefined ? fresh : fresh.slice(0, Math.max(0, max - value.length));
            onChange([...value, ...added]);
            const left = fresh.length - added.length;
            setAnnouncement(
              `${added.length} photo${added.length === 1 ? '' : 's'} added` +
                (left > 0 ? `; ${left} left out: at most ${max} photos` : ''),
            );
            setPicking(false);
          }}
        />
      )}
    </fieldset>
  );
}
