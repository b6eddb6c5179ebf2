import type { MediaItem } from '@vitrine/api-client';
import {
  Button,
  ErrorState,
  Modal,
  ResponsiveImage,
  SearchBox,
  Spinner,
  TextField,
} from '@vitrine/ui';
import { useId, useState } from 'react';
import { errorMessage } from '../../lib/errors';
import { useMediaItems } from '../../lib/media-library';
import { MediaDropZone } from './MediaDropZone';
import { useUploadQueue } from './use-upload-queue';
import './media-picker.css';

const PAGE_SIZE = 24;

export interface MediaPickerProps {
  /** The dialog's title, e.g. "Add photos". */
  title: string;
  /** Several images may be picked at once (product photos); otherwise one. */
  multiple?: boolean;
  /** What the images are called on the confirm button: "Add 3 photos". */
  noun?: string;
  /** The picked images, in the order they were picked. */
  onPick(items: MediaItem[]): void;
  onClose(): void;
}

/** The id of the alt text field a chosen image without one gets in the picker. */
const altFieldId = (pickerId: string, mediaId: string) => `${pickerId}-${mediaId}-alt`;

/**
 * Chooses images from the media library, or uploads new ones into it (several at once,
 * dropped or chosen, without asking for alt text first) and chooses those: the one way every
 * form (products, services, reviews, the gallery, the rich-text editor, the home banner)
 * picks an image. A chosen image without alt text gets a field for it in its cell; what is
 * written there goes to the form with the image. The footer stays in view as the grid scrolls.
 */
export function MediaPicker({
  title,
  multiple = false,
  noun = 'image',
  onPick,
  onClose,
}: MediaPickerProps) {
  const titleId = useId();
  const [q, setQ] = useState('');
  const [page, setPage] = useState(1);
  const [picked, setPicked] = useState<MediaItem[]>([]);
  /** Alt texts written here, by image id, for chosen images the library has none for. */
  const [alts, setAlts] = useState<Record<string, string>>({});
  /** Uploaded while the picker is open, newest first: shown above the library. */
  const [uploaded, setUploaded] = useState<MediaItem[]>([]);
  const library = useMediaItems({ q: q || undefined, page, limit: PAGE_SIZE });
  const queue = useUploadQueue((item) => {
    setUploaded((current) => [item, ...current]);
    setPicked((current) => (multiple ? [...current, item] : [item]));
    void library.refetch();
  });
  const fresh = new Set(uploaded.map((item) => item._id));
  const items = (library.data?.items ?? []).filter((item) => !fresh.has(item._id));
  const total = library.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));

  function toggle(item: MediaItem) {
    setPicked((current) => {
      if (current.some((one) => one._id === item._id))
        return current.filter((one) => one._id !== item._id);
      return multiple ? [...current, item] : [item];
    });
  }

  const position = (item: MediaItem) => picked.findIndex((one) => one._id === item._id);
  const pickLabel =
    picked.length === 0
      ? 'Choose'
      : multiple
        ? `Add ${picked.length} ${noun}${picked.length === 1 ? '' : 's'}`
        : `Use this ${noun}`;
  /** The chosen images with the alt texts written here. */
  const chosen = () =>
    picked.map((item) => (item.alt ? item : { ...item, alt: (alts[item._id] ?? '').trim() }));

  const cell = (item: MediaItem) => {
    const at = position(item);
    return (
      <li key={item._id} className="adm-media-picker__cell">
        <button
          type="button"
          className="adm-media-picker__item"
          aria-pressed={at >= 0}
          data-media-id={item._id}
          onClick={() => toggle(item)}
        >
          {/* A grid cell is 8.5rem or a little wider (.adm-media-picker__grid). */}
          <ResponsiveImage media={item.media} alt="" sizes="176px" />
          <span className="adm-media-picker__alt">{item.alt || <em>No alt text yet</em>}</span>
          {at >= 0 && multiple && (
            <span className="adm-media-picker__order" aria-hidden="true">
              {at + 1}
            </span>
          )}
        </button>
        {at >= 0 && !item.alt && (
          <TextField
            id={altFieldId(titleId, item._id)}
            label={`Alt text for chosen ${noun} ${at + 1}`}
            hint="Required before saving"
            maxLength={200}
            wrapperClassName="adm-media-picker__alt-field"
            value={alts[item._id] ?? ''}
            onChange={(event) =>
              setAlts((current) => ({ ...current, [item._id]: event.target.value }))
            }
          />
        )}
      </li>
    );
  };

  return (
    <Modal labelledBy={titleId} onClose={onClose} className="adm-media-picker">
      {/* React sends events up through the portal: the search must not submit the page. */}
      <div className="adm-media-picker__frame" onSubmit={(event) => event.stopPropagation()}>
        <h2 id={titleId} className="vt-modal__title adm-media-picker__title">
          {title}
        </h2>
        <div className="adm-media-picker__body">
          <MediaDropZone uploads={queue.uploads} onFiles={queue.add} onDismiss={queue.dismiss} />
          {uploaded.length > 0 && (
            <>
              <h3 className="adm-media-picker__heading">Just uploaded</h3>
              <ul className="adm-media-picker__grid" aria-label="Images just uploaded">
                {uploaded.map(cell)}
              </ul>
            </>
          )}
          <h3 className="adm-media-picker__heading">From the media library</h3>
          <SearchBox
            label="Search the library"
            defaultValue={q}
            onSearch={(value: string) => {
              setQ(value);
              setPage(1);
            }}
          />
          {library.error ? (
            <ErrorState
              title="The library could not be loaded"
              message={errorMessage(library.error)}
              onRetry={() => void library.refetch()}
            />
          ) : !library.data ? (
            <Spinner label="Loading the library…" />
          ) : items.length === 0 ? (
            <p className="adm-media-picker__empty">
              {q ? 'No image matches.' : 'The library has no other images yet.'}
            </p>
          ) : (
            <ul className="adm-media-picker__grid" aria-label="Images in the library">
              {items.map(cell)}
            </ul>
          )}
          {pages > 1 && (
            <div className="adm-media-picker__pages">
              <Button
                variant="ghost"
                className="adm-small-button"
                disabled={page <= 1}
                onClick={() => setPage(page - 1)}
              >
                Previous page
              </Button>
              <span>
                Page {page} of {pages}
              </span>
              <Button
                variant="ghost"
                className="adm-small-button"
                disabled={page >= pages}
                onClick={() => setPage(page + 1)}
              >
                Next page
              </Button>
            </div>
          )}
        </div>
        <div className="adm-media-picker__footer">
          <p className="adm-media-picker__status" role="status">
            {picked.length === 0
              ? 'Nothing chosen yet.'
              : `${picked.length} chosen: ` +
                chosen()
                  .map((item) => item.alt || 'no alt text yet')
                  .join(', ') +
                (queue.busy ? '; uploads still running' : '') +
                (picked.some((item) => !item.alt && !(alts[item._id] ?? '').trim())
                  ? '; alt text still to write'
                  : '')}
          </p>
          <div className="vt-modal__actions">
            <Button variant="secondary" onClick={onClose}>
              Cancel
            </Button>
            <Button disabled={picked.length === 0} onClick={() => onPick(chosen())}>
              {pickLabel}
            </Button>
          </div>
        </div>
      </div>
    </Modal>
  );
}
