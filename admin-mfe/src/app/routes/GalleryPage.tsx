import type { GalleryImage } from '@vitrine/api-client';
import { EmptyState, SelectField, useToast } from '@vitrine/ui';
import { type DragEvent, useEffect, useRef, useState } from 'react';
import { ListToolbar } from '../../components/ListToolbar';
import { LanguagePicker } from '../../components/translation/LanguagePicker';
import {
  MissingTranslationFilter,
  missingLanguage,
} from '../../components/translation/MissingTranslationFilter';
import { useSiteLanguages, type LocaleCode } from '../../lib/site-languages';
import { PagedList } from '../../components/PagedList';
import { PageHeader } from '../../components/PageHeader';
import { errorMessage, isUnauthorized } from '../../lib/errors';
import { formatSort } from '../../lib/use-list-params';
import { useDeleteFromList } from '../../lib/use-confirm-delete';
import { useListParams } from '../../lib/use-list-params';
import { deleteGalleryImage } from '../../features/gallery/api/delete-gallery-image';
import { useGallery } from '../../features/gallery/api/get-gallery';
import { updateGalleryImage } from '../../features/gallery/api/update-gallery-image';
import { GalleryItem } from '../../features/gallery/components/GalleryItem';
import { GalleryUploader } from '../../features/gallery/components/GalleryUploader';
import '../../features/gallery/components/gallery.css';

const PAGE_SIZE = 24;

const SORTS = [
  { value: 'order', label: 'Gallery order' },
  { value: '-createdAt', label: 'Newest first' },
  { value: 'createdAt', label: 'Oldest first' },
];

/** /admin/gallery: upload, describe, reorder and delete the gallery's images. */
export function GalleryPage() {
  const list = useListParams('order', ['missing'] as const, PAGE_SIZE);
  const site = useSiteLanguages();
  const missing = missingLanguage(list.filters.missing, site.others);
  const gallery = useGallery({
    ...list.query,
    // One of the site's languages, so one of LOCALES.
    ...(missing ? { missing: missing as LocaleCode } : {}),
  });
  // The language whose alt texts the cards edit (issue 36): the default's, or a translation.
  const [chosen, setChosen] = useState(site.defaultLanguage);
  const language = site.others.includes(chosen) ? chosen : site.defaultLanguage;
  const translating = language !== site.defaultLanguage;
  const toast = useToast();
  const deleteFromList = useDeleteFromList(list, gallery);
  const [moving, setMoving] = useState(false);
  const [announcement, setAnnouncement] = useState('');
  const [dragged, setDragged] = useState<string | null>(null);
  const [over, setOver] = useState<string | null>(null);
  const gridRef = useRef<HTMLOListElement>(null);
  const focusAfter = useRef<string | null>(null);
  const images = gallery.data?.items ?? [];
  const total = gallery.data?.total ?? 0;
  // Positions only mean something in gallery order over the whole gallery.
  const canReorder = formatSort(list.sort) === 'order' && !list.q;

  useEffect(() => {
    if (!focusAfter.current || gallery.isFetching) return;
    gridRef.current?.querySelector<HTMLElement>(focusAfter.current)?.focus();
    focusAfter.current = null;
  }, [gallery.data, gallery.isFetching]);

  async function moveTo(image: GalleryImage, order: number, focus?: string) {
    if (order < 0 || order >= total || order === image.order) return;
    setMoving(true);
    try {
      await updateGalleryImage(image._id, { order });
      setAnnouncement(`Image moved to position ${order + 1} of ${total}`);
      if (focus) focusAfter.current = focus;
      // The moved image may now be on another page: follow it there.
      const page = Math.floor(order / PAGE_SIZE) + 1;
      if (page !== list.page) list.setPage(page);
      else gallery.refetch();
    } catch (error) {
      if (!isUnauthorized(error)) toast.error(`The image was not moved: ${errorMessage(error)}`);
    } finally {
      setMoving(false);
    }
  }

  function move(image: GalleryImage, delta: -1 | 1) {
    const order = image.order + delta;
    const edgeAction =
      order === 0 ? 'down' : order === total - 1 ? 'up' : delta < 0 ? 'up' : 'down';
    void moveTo(image, order, `[data-id="${image._id}"] [data-action="${edgeAction}"]`);
  }

  function handleDrop(event: DragEvent, target: GalleryImage) {
    event.preventDefault();
    const source = images.find((image) => image._id === dragged);
    setDragged(null);
    setOver(null);
    if (source && source._id !== target._id) void moveTo(source, target.order);
  }

  const content = (
    <PagedList
      query={gallery}
      what="the gallery"
      empty={
        list.q ? (
          <EmptyState title={`No image matches “${list.q}”`}>Try another word.</EmptyState>
        ) : (
          <EmptyState title="The gallery is empty">Add the first images above.</EmptyState>
        )
      }
      list={list}
      pageSize={PAGE_SIZE}
      pagesLabel="Gallery pages"
    >
      {(images) => (
        <>
          <p className="adm-muted adm-gallery__help">
            {canReorder
              ? 'Drag an image to a new place, or use its arrow buttons.'
              : 'Reordering works in gallery order without a search.'}
          </p>
          <ol
            ref={gridRef}
            className={`adm-gallery${gallery.isFetching ? ' adm-gallery--refreshing' : ''}`}
            aria-label="Gallery images"
            aria-busy={gallery.isFetching || moving || undefined}
          >
            {images.map((image) => (
              <GalleryItem
                key={`${image._id}:${language}`}
                image={image}
                language={translating ? language : undefined}
                defaultLanguage={site.defaultLanguage}
                otherLanguages={site.others}
                total={total}
                canReorder={canReorder}
                busy={moving}
                dragging={dragged === image._id}
                dropTarget={over === image._id && dragged !== image._id}
                onMove={(delta) => move(image, delta)}
                onSaved={gallery.refetch}
                onDelete={() =>
                  deleteFromList({
                    title: 'Delete this image from the gallery?',
                    message: `“${image.alt}” is removed from the site. It stays in the Trash, where it can be restored until it is deleted for good.`,
                    run: () => deleteGalleryImage(image._id),
                    done: 'Image deleted',
                  })
                }
                onDragStart={(event) => {
                  event.dataTransfer.effectAllowed = 'move';
                  event.dataTransfer.setData('text/plain', image._id);
                  setDragged(image._id);
                }}
                onDragEnd={() => {
                  setDragged(null);
                  setOver(null);
                }}
                onDragOver={(event) => {
                  if (!dragged) return;
                  event.preventDefault();
                  event.dataTransfer.dropEffect = 'move';
                  if (over !== image._id) setOver(image._id);
                }}
                onDrop={(event) => handleDrop(event, image)}
              />
            ))}
          </ol>
        </>
      )}
    </PagedList>
  );

  return (
    <>
      <PageHeader
        title="Gallery"
        description="The images on the public gallery page, in the order shown there."
      />
      <GalleryUploader onUploaded={gallery.refetch} />
      <ListToolbar searchLabel="Search by alt text" q={list.q} onSearch={list.setQ}>
        <SelectField
          label="Order"
          options={SORTS}
          value={formatSort(list.sort)}
          onChange={(event) => {
            const value = event.target.value;
            list.setSort(
              value.startsWith('-')
                ? { field: value.slice(1), direction: 'desc' }
                : { field: value, direction: 'asc' },
            );
          }}
        />
        <MissingTranslationFilter list={list} languages={site.others} />
      </ListToolbar>
      <LanguagePicker
        languages={site.languages}
        value={language}
        onChange={setChosen}
        what="each image"
        saving="Each image's alt text is saved on its own."
      />
      {content}
      <p className="vt-visually-hidden" aria-live="polite">
        {announcement}
      </p>
    </>
  );
}
