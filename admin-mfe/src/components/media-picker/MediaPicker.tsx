import type { MediaItem } from '@vitrine/api-client';
import { Button, ErrorState, Modal, ResponsiveImage, SearchBox, Spinner } from '@vitrine/ui';
import { useId, useState } from 'react';
import { errorMessage } from '../../lib/errors';
import { useMediaItems } from '../../lib/media-library';
import { MediaUploadForm } from './MediaUploadForm';
import './media-picker.css';

const PAGE_SIZE = 24;

export interface MediaPickerProps {
  /** The dialog's title, e.g. "Add photos". */
  title: string;
  /** Several images may be picked at once (product photos); otherwise one. */
  multiple?: boolean;
  /** The picked images, in the order they were picked. */
  onPick(items: MediaItem[]): void;
  onClose(): void;
}

/**
 * Chooses images from the media library, or uploads a new one into it (with its alt text)
 * and chooses that: the one way every form (products, services, reviews, the gallery, the
 * rich-text editor, the home banner) picks an image.
 */
export function MediaPicker({ title, multiple = false, onPick, onClose }: MediaPickerProps) {
  const titleId = useId();
  const [q, setQ] = useState('');
  const [page, setPage] = useState(1);
  const [picked, setPicked] = useState<MediaItem[]>([]);
  const library = useMediaItems({ q: q || undefined, page, limit: PAGE_SIZE });
  const items = library.data?.items ?? [];
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
        ? `Add ${picked.length} image${picked.length === 1 ? '' : 's'}`
        : 'Use this image';

  return (
    <Modal labelledBy={titleId} onClose={onClose} className="adm-media-picker">
      {/* React sends events up through the portal: the search must not submit the page. */}
      <div onSubmit={(event) => event.stopPropagation()}>
        <h2 id={titleId} className="vt-modal__title">
          {title}
        </h2>
        <MediaUploadForm
          onUploaded={(item) => {
            setPicked((current) => (multiple ? [...current, item] : [item]));
            void library.refetch();
          }}
        />
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
            {q ? 'No image matches.' : 'The library has no images yet: upload one above.'}
          </p>
        ) : (
          <ul className="adm-media-picker__grid" aria-label="Images in the library">
            {items.map((item) => {
              const at = position(item);
              return (
                <li key={item._id}>
                  <button
                    type="button"
                    className="adm-media-picker__item"
                    aria-pressed={at >= 0}
                    data-media-id={item._id}
                    onClick={() => toggle(item)}
                  >
                    {/* A grid cell is 8.5rem or a little wider (.adm-media-picker__grid). */}
                    <ResponsiveImage media={item.media} alt="" sizes="176px" />
                    <span className="adm-media-picker__alt">
                      {item.alt || <em>No alt text yet</em>}
                    </span>
                    {at >= 0 && multiple && (
                      <span className="adm-media-picker__order" aria-hidden="true">
                        {at + 1}
                      </span>
                    )}
                  </button>
                </li>
              );
            })}
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
        <p className="adm-media-picker__status" role="status">
          {picked.length === 0
            ? 'Nothing chosen yet.'
            : `${picked.length} chosen: ${picked.map((item) => item.alt || 'untitled').join(', ')}`}
        </p>
        <div className="vt-modal__actions">
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button disabled={picked.length === 0} onClick={() => onPick(picked)}>
            {pickLabel}
          </Button>
        </div>
      </div>
    </Modal>
  );
}
