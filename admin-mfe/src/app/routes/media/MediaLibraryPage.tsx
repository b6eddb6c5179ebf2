import type { MediaItem, MediaUse } from '@vitrine/api-client';
import { Button, Checkbox, EmptyState, ResponsiveImage, TextField, useToast } from '@vitrine/ui';
import { type ReactNode, useId, useState } from 'react';
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
import { refreshAfterDelete } from '../../../lib/list';
import type { Translations } from '@vitrine/contracts';
import { TranslationRow, translationLabel } from '../../../components/translation/TranslationRow';
import { LanguagePicker } from '../../../components/translation/LanguagePicker';
import {
  MissingTranslationFilter,
  missingLanguage,
} from '../../../components/translation/MissingTranslationFilter';
import { TranslationStatusBadges } from '../../../components/translation/TranslationStatus';
import { useLeaveGuard } from '../../../lib/forms/leave-guard';
import { languageName, useSiteLanguages, type LocaleCode } from '../../../lib/site-languages';
import {
  deleteMediaItem,
  updateMediaItem,
  useMediaItems,
  useMediaUsage,
} from '../../../lib/media-library';
import { useDeleteFromList } from '../../../lib/use-confirm-delete';
import { useListParams } from '../../../lib/use-list-params';
import { MediaInUseDialog, placePath, USE_LABELS } from './MediaInUseDialog';
import './media-library.css';

const PAGE_SIZE = 24;

const placesText = (count: number) => (count === 1 ? '1 place' : `${count} places`);

/** /admin/media: every uploaded image, its alt text and caption, and where it is used. */
export function MediaLibraryPage() {
  const list = useListParams('-createdAt', ['missing'] as const, PAGE_SIZE);
  const site = useSiteLanguages();
  const missing = missingLanguage(list.filters.missing, site.others);
  // The language whose alt texts the cards edit (issue 36): the default's, or a translation.
  const [chosen, setChosen] = useState(site.defaultLanguage);
  const language = site.others.includes(chosen) ? chosen : site.defaultLanguage;
  const library = useMediaItems(
    {
      page: list.page,
      limit: PAGE_SIZE,
      q: list.q || undefined,
      // One of the site's languages, so one of LOCALES.
      ...(missing ? { missing: missing as LocaleCode } : {}),
    },
    // A "missing Hindi" link waits for the languages, not to list every image first.
    !(list.filters.missing && site.pending),
  );
  const deleteFromList = useDeleteFromList(list, library);
  const toast = useToast();
  // The image in use whose delete is being asked about, and whether that delete is running.
  const [inUse, setInUse] = useState<MediaItem | null>(null);
  const [detaching, setDetaching] = useState(false);

  async function detachAndDelete(item: MediaItem, places: number) {
    setDetaching(true);
    try {
      await deleteMediaItem(item._id, { detach: true });
      toast.success(`Image removed from ${placesText(places)} and deleted`);
      refreshAfterDelete(list, library.data?.items.length ?? 0, () => void library.refetch());
    } catch (error) {
      toast.error(errorMessage(error, 'The image was not deleted'));
      void library.refetch();
    } finally {
      setDetaching(false);
      setInUse(null);
    }
  }

  const content = (
    <PagedList
      query={library}
      what="the media library"
      empty={
        missing && !list.q ? (
          <EmptyState title={`Every image has its ${languageName(missing)} alt text`}>
            Clear the filter to see them all.
          </EmptyState>
        ) : (
          <EmptyState title={list.q || missing ? 'No image matches' : 'No images yet'}>
            {list.q || missing ? 'Try other words or another filter.' : 'Upload one above.'}
          </EmptyState>
        )
      }
      list={list}
      pageSize={PAGE_SIZE}
      pagesLabel="Media library pages"
    >
      {(items) => (
        <ul className="adm-media-library" aria-label="Images">
          {items.map((item) => (
            <MediaLibraryItem
              key={`${item._id}:${language}`}
              item={item}
              language={language === site.defaultLanguage ? undefined : language}
              defaultLanguage={site.defaultLanguage}
              otherLanguages={site.others}
              onSaved={() => void library.refetch()}
              onDelete={() =>
                item.usedBy.length > 0
                  ? setInUse(item)
                  : deleteFromList({
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
        description="Every uploaded image, with its alt text, caption and where it is used. Deleting an image in use first removes it from those places."
      />
      <div className="adm-card adm-media-library__upload">
        <MediaUploadForm actionLabel="Upload" onUploaded={() => void library.refetch()} />
      </div>
      <ListToolbar searchLabel="Search alt texts and captions" q={list.q} onSearch={list.setQ}>
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
      {inUse && (
        <MediaInUseDialog
          mediaId={inUse._id}
          name={inUse.alt || 'Untitled image'}
          busy={detaching}
          onConfirm={(places) => void detachAndDelete(inUse, places)}
          onCancel={() => setInUse(null)}
        />
      )}
    </>
  );
}

/** A library image as an administrator reads it: its alt text in other languages too. */
type AdminMediaItem = MediaItem & { translations?: Translations<'alt'> };

function MediaLibraryItem({
  item,
  language,
  defaultLanguage,
  otherLanguages,
  onSaved,
  onDelete,
}: {
  item: AdminMediaItem;
  /** A translation's language (issue 36); undefined for the default language's texts. */
  language?: string;
  defaultLanguage: string;
  otherLanguages: readonly string[];
  onSaved(): void;
  onDelete(): void;
}) {
  const status = (
    <TranslationStatusBadges
      status={item.translationStatus}
      languages={otherLanguages}
      labels={{ alt: 'Alt text' }}
    />
  );
  if (language) {
    return (
      <MediaTranslationItem
        item={item}
        language={language}
        defaultLanguage={defaultLanguage}
        status={status}
        onSaved={onSaved}
      />
    );
  }
  return <MediaDefaultItem item={item} status={status} onSaved={onSaved} onDelete={onDelete} />;
}

/**
 * An image's alt text in another language, beside the default language's: saved on its own
 * (PATCH translations). Only the library's copy: content keeps its own per language.
 */
function MediaTranslationItem({
  item,
  language,
  defaultLanguage,
  status,
  onSaved,
}: {
  item: AdminMediaItem;
  language: string;
  defaultLanguage: string;
  /** Its translation status, under its title. */
  status: ReactNode;
  onSaved(): void;
}) {
  const id = useId();
  const toast = useToast();
  const saved = item.translations?.[language]?.alt ?? '';
  const form = useCheckedForm<{ alt: string }>({
    defaultValues: { alt: saved },
    rules: () => ({}),
    failure: 'The alt text was not saved',
    pathOf: (apiField) => (apiField === `translations.${language}.alt` ? 'alt' : undefined),
    onRefused: (error) => toast.error(`The alt text was not saved: ${errorMessage(error)}`),
  });
  useLeaveGuard(form.formState.isDirty);
  const save = form.submitWith(async ({ alt }) => {
    await updateMediaItem(item._id, { translations: { [language]: { alt: alt.trim() } } });
    form.reset({ alt: alt.trim() });
    toast.success('Alt text saved');
    onSaved();
  });
  const label = translationLabel('Alt text', language);
  return (
    <li className="adm-card adm-media-library__item" aria-labelledby={`${id}-title`}>
      <ResponsiveImage
        className="adm-media-library__image"
        media={item.media}
        alt=""
        sizes="224px"
      />
      <div className="adm-media-library__details">
        <h2 id={`${id}-title`} className="adm-media-library__title" lang={defaultLanguage}>
          {item.alt || 'Untitled image'}
        </h2>
        {status}
        <TranslationRow label="Alt text" source={item.alt} sourceLanguage={defaultLanguage}>
          <TextField
            id={`${id}-alt-${language}`}
            label={label}
            lang={language}
            maxLength={200}
            error={form.formState.errors.alt?.message ?? form.message}
            {...form.register('alt')}
          />
        </TranslationRow>
        <div className="adm-media-library__actions">
          <Button
            variant="secondary"
            busy={form.formState.isSubmitting}
            disabled={!form.formState.isDirty}
            onClick={() => void save()}
          >
            Save<span className="vt-visually-hidden">{` ${label}`}</span>
          </Button>
        </div>
      </div>
    </li>
  );
}

/** An image's alt text and caption in the default language, and where it is used. */
function MediaDefaultItem({
  item,
  status,
  onSaved,
  onDelete,
}: {
  item: MediaItem;
  /** Its translation status, under its title. */
  status: ReactNode;
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
  const altChanged = form.watch('alt').trim() !== item.alt;
  // Content keeps its own copy of the alt text where it places the image (a project's
  // photos, rich text, the gallery); the home banner reads the library's and needs none.
  const usage = useMediaUsage(item._id, altChanged && item.usedBy.length > 0);
  const places = altChanged ? (usage.data ?? []) : [];
  const placed = places.filter((place) => place.placedAlt !== null);
  const followsLibrary = places.some((place) => place.placedAlt === null);
  const [updatePlaced, setUpdatePlaced] = useState(false);

  const save = form.submitWith(async (values) => {
    const placing = updatePlaced && placed.length > 0;
    const saved = await updateMediaItem(item._id, {
      alt: values.alt.trim(),
      caption: values.caption.trim(),
      ...(placing ? { updatePlaced: true } : {}),
    });
    // What was saved is the new starting point: Save waits for the next change.
    form.reset({ alt: saved.alt, caption: saved.caption });
    setUpdatePlaced(false);
    toast.success(
      placing ? `Image saved; alt text updated in ${placesText(placed.length)}` : 'Image saved',
    );
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
        {status}
        <MediaTextFields id={id} form={form} />
        {placed.length > 0 && (
          <Checkbox
            id={`${id}-update-placed`}
            label={`Also update the alt text where this image is placed (${placesText(placed.length)})`}
            hint="Otherwise those places keep the alt text they have now."
            checked={updatePlaced}
            onChange={(event) => setUpdatePlaced(event.target.checked)}
          />
        )}
        {followsLibrary && (
          <p className="vt-field__hint">The home banner takes the new alt text by itself.</p>
        )}
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

function UsedBy({ uses }: { uses: readonly MediaUse[] }) {
  if (uses.length === 0) return <p className="adm-media-library__unused">Not used anywhere</p>;
  return (
    <div>
      <p className="adm-media-library__used-heading">Used by</p>
      <ul className="adm-media-library__uses">
        {uses.map((use) => {
          const to = placePath(use.type, use.id);
          const label = `${USE_LABELS[use.type] ?? use.type}: ${use.name}`;
          return <li key={`${use.type}/${use.id}`}>{to ? <Link to={to}>{label}</Link> : label}</li>;
        })}
      </ul>
    </div>
  );
}
