import type { GalleryImage } from '@vitrine/api-client';
import type { TranslationStatus, Translations } from '@vitrine/contracts';
import { ResponsiveImage, useToast } from '@vitrine/ui';
import { type DragEvent, useId } from 'react';
import { Icon } from '../../../components/Icon';
import { errorMessage } from '../../../lib/errors';
import { useCheckedForm } from '../../../lib/forms/use-checked-form';
import { useLeaveGuard } from '../../../lib/forms/leave-guard';
import { MoveButtons } from '../../../components/MoveButtons';
import { TranslationStatusBadges } from '../../../components/translation/TranslationStatus';
import { languageName } from '../../../lib/site-languages';
import { updateGalleryImage } from '../api/update-gallery-image';
import '../../../components/row-actions.css';

/** A gallery image as an administrator reads it: its alt text in the other languages too. */
export type AdminGalleryImage = GalleryImage & {
  translations?: Translations<'alt'>;
  translationStatus?: TranslationStatus;
};

export interface GalleryItemProps {
  image: AdminGalleryImage;
  /**
   * The language whose alt text is edited: one of the site's others (issue 36), the default
   * language's alt text shown above it; undefined for the default language's own.
   */
  language?: string;
  /** The default language, and the others, for the translation status. */
  defaultLanguage?: string;
  otherLanguages?: readonly string[];
  total: number;
  canReorder: boolean;
  busy: boolean;
  dragging: boolean;
  dropTarget: boolean;
  onMove(delta: -1 | 1): void;
  onSaved(): void;
  onDelete(): void;
  onDragStart(event: DragEvent<HTMLLIElement>): void;
  onDragEnd(): void;
  onDragOver(event: DragEvent<HTMLLIElement>): void;
  onDrop(event: DragEvent<HTMLLIElement>): void;
}

/** One gallery image: its alt text edited in place, its position, and its delete button. */
export function GalleryItem({
  image,
  language,
  defaultLanguage = 'en',
  otherLanguages = [],
  total,
  canReorder,
  busy,
  dragging,
  dropTarget,
  onMove,
  onSaved,
  onDelete,
  onDragStart,
  onDragEnd,
  onDragOver,
  onDrop,
}: GalleryItemProps) {
  const id = useId();
  const toast = useToast();
  const saved = language ? (image.translations?.[language]?.alt ?? '') : image.alt;
  const form = useCheckedForm<{ alt: string }>({
    defaultValues: { alt: saved },
    // A new alt text from the server (after a save or a reload) replaces the input.
    values: { alt: saved },
    // A translation may stay empty: visitors then read the default language's.
    rules: ({ alt }) => ({
      alt: alt.trim() || language ? undefined : 'Describe the image for people who cannot see it',
    }),
    failure: 'The alt text was not saved',
    pathOf: (apiField) =>
      apiField === 'alt' || apiField === `translations.${language}.alt` ? 'alt' : undefined,
    onRefused: (failure) => toast.error(`The alt text was not saved: ${errorMessage(failure)}`),
  });
  const { formState } = form;
  const error = formState.errors.alt?.message ?? form.message;
  const changed = form.watch('alt').trim() !== saved;
  useLeaveGuard(changed);
  const position = image.order + 1;

  const save = form.submitWith(async ({ alt }) => {
    await updateGalleryImage(
      image._id,
      language ? { translations: { [language]: { alt: alt.trim() } } } : { alt: alt.trim() },
    );
    toast.success('Alt text saved');
    onSaved();
  });

  const className = [
    'adm-gallery__item',
    dragging && 'adm-gallery__item--dragging',
    dropTarget && 'adm-gallery__item--target',
  ]
    .filter(Boolean)
    .join(' ');

  return (
    <li
      className={className}
      data-id={image._id}
      draggable={canReorder && !busy}
      onDragStart={onDragStart}
      onDragEnd={onDragEnd}
      onDragOver={onDragOver}
      onDrop={onDrop}
    >
      <div className="adm-gallery__frame">
        {/* A cell is 14rem to 28rem wide, or the whole width on a phone (.adm-gallery). */}
        <ResponsiveImage
          media={image.media ?? undefined}
          alt={image.alt}
          sizes="(max-width: 36rem) 100vw, 28rem"
        />
        <span className="adm-gallery__position" aria-hidden="true">
          {position}
        </span>
        {canReorder && (
          <span className="adm-gallery__grip" aria-hidden="true" title="Drag to reorder">
            <Icon name="grip" size={18} />
          </span>
        )}
      </div>
      <form className="adm-gallery__alt" noValidate onSubmit={save}>
        {language && (
          <p className="adm-gallery__source">
            <span className="vt-field__label">{`Alt text (${languageName(defaultLanguage)})`}</span>{' '}
            <span lang={defaultLanguage}>{image.alt}</span>
          </p>
        )}
        <label className="vt-field__label adm-gallery__alt-label" htmlFor={`${id}-alt`}>
          Alt text, image {position}
          {language && ` (${languageName(language)})`}
        </label>
        <div className="adm-gallery__alt-row">
          <input
            id={`${id}-alt`}
            className="vt-input"
            maxLength={200}
            lang={language}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-error` : undefined}
            {...form.register('alt', {
              // The save's message goes with the next edit, as a field's own does.
              onChange: () => formState.errors.root && form.clearErrors('root'),
            })}
          />
          {changed && (
            <button
              type="submit"
              className="adm-row-action"
              aria-label={`Save the ${language ? `${languageName(language)} ` : ''}alt text of image ${position}`}
              disabled={formState.isSubmitting}
            >
              Save
            </button>
          )}
        </div>
        {error && (
          <p id={`${id}-error`} className="vt-field__error">
            {error}
          </p>
        )}
        <TranslationStatusBadges
          status={image.translationStatus}
          languages={otherLanguages}
          labels={{ alt: 'Alt text' }}
        />
      </form>
      <div className="adm-gallery__actions">
        {canReorder && (
          <MoveButtons
            upLabel={`Move image ${position} earlier`}
            downLabel={`Move image ${position} later`}
            first={image.order === 0}
            last={image.order >= total - 1}
            busy={busy}
            onUp={() => onMove(-1)}
            onDown={() => onMove(1)}
          />
        )}
        <button
          type="button"
          className="adm-icon-button adm-icon-button--danger adm-gallery__delete"
          aria-label={`Delete image ${position}`}
          onClick={onDelete}
        >
          <Icon name="trash" size={16} />
        </button>
      </div>
    </li>
  );
}
