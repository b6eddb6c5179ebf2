import type { MediaItem, MediaUse } from '@vitrine/api-client';
import { Button, EmptyState, ResponsiveImage, useToast } from '@vitrine/ui';
import { useId } from 'react';
import { Link } from 'react-router-dom';
import { ListToolbar } from '../../../components/ListToolbar';
import {
  MediaTextFields,
  mediaTextPath,
  mediaTextRules,
  type MediaText,
} from '../../../components/media-picker/MediaTextFields';
import { MediaUploadForm } from '../../../components/media-picker/MediaUploadForm';
import { PagedList } from '../../../components/PagedList';
import { PageHeader } from '../../../components/PageHeader';
import { errorMessage } from '../../../lib/errors';
import { useCheckedForm } from '../../../lib/forms/use-checked-form';
import { deleteMediaItem, updateMediaItem, useMediaItems } from '../../../lib/media-library';
import { itemPath } from '../../../lib/paths';
import { useDeleteFromList } from '../../../lib/use-confirm-delete';
import { useListParams } from '../../../lib/use-list-params';
import './media-library.css';

const PAGE_SIZE = 24;

/** /admin/media: every uploaded image, its alt text and caption, and where it is used. */
export function MediaLibraryPage() {
  const list = useListParams('-createdAt', [], PAGE_SIZE);
  const library = useMediaItems({ page: list.page, limit: PAGE_SIZE, q: list.q || undefined });
  const deleteFromList = useDeleteFromList(list, library);

  const content = (
    <PagedList
      query={library}
      what="the media library"
      empty={
        <EmptyState title={list.q ? 'No image matches' : 'No images yet'}>
          {list.q ? 'Try other words.' : 'Upload one above.'}
        </EmptyState>
      }
      list={list}
      pageSize={PAGE_SIZE}
      pagesLabel="Media library pages"
    >
      {(items) => (
        <ul className="adm-media-library" aria-label="Images">
          {items.map((item) => (
            <MediaLibraryItem
              key={item._id}
              item={item}
              onSaved={() => void library.refetch()}
              onDelete={() =>
                deleteFromList({
                  title: 'Delete this image from the media library?',
                  message: `“${item.alt || 'Untitled image'}” and its files are deleted.`,
                  run: () => deleteMediaItem(item._id),
                  done: 'Image deleted',
                })
              }
            />
          ))}
        </ul>
      )}
    </PagedList>
  );

  return (
    <>
      <PageHeader
        title="Media library"
        description="Every uploaded image, with its alt text, caption and where it is used. An image in use cannot be deleted."
      />
      <div className="adm-card adm-media-library__upload">
        <MediaUploadForm actionLabel="Upload" onUploaded={() => void library.refetch()} />
      </div>
      <ListToolbar searchLabel="Search alt texts and captions" q={list.q} onSearch={list.setQ} />
      {content}
    </>
  );
}

function MediaLibraryItem({
  item,
  onSaved,
  onDelete,
}: {
  item: MediaItem;
  onSaved(): void;
  onDelete(): void;
}) {
  const id = useId();
  const toast = useToast();
  const form = useCheckedForm<MediaText>({
    defaultValues: { alt: item.alt, caption: item.caption },
    rules: mediaTextRules,
    failure: 'The image was not saved',
    pathOf: mediaTextPath,
    onRefused: (error) => toast.error(`The image was not saved: ${errorMessage(error)}`),
  });
  const widths = item.media.variants.map((variant) => variant.width).join(', ');

  const save = form.submitWith(async (values) => {
    const saved = await updateMediaItem(item._id, {
      alt: values.alt.trim(),
      caption: values.caption.trim(),
    });
    // What was saved is the new starting point: Save waits for the next change.
    form.reset({ alt: saved.alt, caption: saved.caption });
    toast.success('Image saved');
    onSaved();
  });

  return (
    <li className="adm-card adm-media-library__item" aria-labelledby={`${id}-title`}>
      {/* Its column is 8rem to 14rem wide (.adm-media-library__item). */}
      <ResponsiveImage
        className="adm-media-library__image"
        media={item.media}
        alt=""
        sizes="224px"
      />
      <div className="adm-media-library__details">
        <h2 id={`${id}-title`} className="adm-media-library__title">
          {item.alt || 'Untitled image'}
        </h2>
        <MediaTextFields id={id} form={form} />
        <p className="vt-field__hint">
          {item.media.width} × {item.media.height || '?'} px; sizes {widths} px wide
        </p>
        <UsedBy uses={item.usedBy} />
        <div className="adm-media-library__actions">
          <Button
            variant="secondary"
            busy={form.formState.isSubmitting}
            disabled={!form.formState.isDirty}
            onClick={() => void save()}
          >
            Save
          </Button>
          <Button variant="danger" onClick={onDelete}>
            Delete
          </Button>
        </div>
      </div>
    </li>
  );
}

const USE_LABELS: Record<string, string> = {
  product: 'Project',
  service: 'Service',
  review: 'Review',
  gallery: 'Gallery',
  settings: 'Settings',
};

function UsedBy({ uses }: { uses: readonly MediaUse[] }) {
  if (uses.length === 0) return <p className="adm-media-library__unused">Not used anywhere</p>;
  return (
    <div>
      <p className="adm-media-library__used-heading">Used by</p>
      <ul className="adm-media-library__uses">
        {uses.map((use) => {
          const entity = use.type === 'review' ? 'reviews' : use.type;
          const to = itemPath(
            entity,
            use.type === 'gallery' || use.type === 'settings' ? null : use.id,
          );
          const label = `${USE_LABELS[use.type] ?? use.type}: ${use.name}`;
          return <li key={`${use.type}/${use.id}`}>{to ? <Link to={to}>{label}</Link> : label}</li>;
        })}
      </ul>
    </div>
  );
}
