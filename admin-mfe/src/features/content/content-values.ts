import type { FieldMessages } from '@vitrine/ui';
import { photoAltId, type FormPhoto } from '../../components/media-picker/PhotosField';
import { parsePrice, toLocalInput } from '../../lib/format';
import {
  fieldId,
  formFields,
  priceOf,
  textOf,
  wireName,
  type ContentRecord,
  type ContentType,
  type ErrorKey,
  type FieldKey,
  type LabelledField,
} from './content-type';
import {
  describeTranslationPath,
  pathOfTranslationField,
  translationsOf,
  type TranslationValues,
} from './content-translations';

/** What the form holds: every text field by its name without the prefix, the flag, the image. */
export interface ContentValues<X extends string> {
  fields: Record<FieldKey<X>, string>;
  published: boolean;
  /**
   * A page address set by hand; '' leaves it to the API (kept, or made from a new name).
   * It starts empty: the current one is shown beside the field.
   */
  slug: string;
  featured: boolean;
  /** `datetime-local` text (local time); '' for at once. */
  publishAt: string;
  /** In display order, the first the cover. */
  photos: FormPhoto[];
  /** The texts in the site's other languages, by language code (issue 36). */
  translations: Record<string, TranslationValues<X>>;
}

export type ContentErrors<X extends string> = Partial<Record<ErrorKey<X>, string>>;

/** The form's starting values: the record's, or empty and published for a new one. */
export function valuesOf<P extends string, X extends string>(
  type: ContentType<P, X>,
  record?: ContentRecord<P, X>,
  /** The site's languages other than the default: the ones the form translates into. */
  languages: readonly string[] = [],
): ContentValues<X> {
  // The loop fills every key: formFields lists them all, which TypeScript cannot follow.
  const fields = {} as Record<FieldKey<X>, string>;
  for (const { key } of formFields(type)) {
    fields[key] = record ? fieldText(type, record, key) : '';
  }
  return {
    slug: '',
    fields,
    published: record?.published ?? true,
    featured: record?.featured ?? false,
    publishAt: toLocalInput(record?.publishAt),
    photos: photosOf(type, record),
    translations: translationsOf(type, languages, record),
  };
}

/** A record's photos; one saved before photos existed has its image as the only one. */
function photosOf<P extends string, X extends string>(
  type: ContentType<P, X>,
  record?: ContentRecord<P, X>,
): FormPhoto[] {
  if (!record) return [];
  if (record.photos)
    return record.photos.map(({ mediaId, alt, media, translations }) => ({
      mediaId,
      alt,
      media,
      ...(translations ? { translations } : {}),
    }));
  const { media } = record;
  return media ? [{ mediaId: media.id, alt: textOf(type, record, 'Name'), media }] : [];
}

function fieldText<P extends string, X extends string>(
  type: ContentType<P, X>,
  record: ContentRecord<P, X>,
  key: FieldKey<X>,
): string {
  if (key !== 'Price') return textOf(type, record, key);
  const price = priceOf(type, record);
  return price === undefined || price === null ? '' : String(price);
}

/** What the API takes as a slug set by hand (its own rule, said again to answer at once). */
const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** What can be checked before sending: the API checks the rest (lengths, the image). */
export function validateContent<P extends string, X extends string>(
  type: ContentType<P, X>,
  values: ContentValues<X>,
): ContentErrors<X> {
  const { fields } = values;
  const errors: ContentErrors<X> = {};
  if (!fields.Name.trim()) errors.Name = `Enter the ${type.one} name`;
  if (!fields.Category.trim()) errors.Category = 'Choose a category or add a new one';
  const price = fields.Price.trim();
  if (price && parsePrice(price) === null)
    errors.Price = 'Value must be an amount in rupees, 0 or more, such as 1,45,000';
  const slug = values.slug.trim();
  if (slug && !SLUG_PATTERN.test(slug)) errors.slug = SLUG_MESSAGE;
  return errors;
}

const SLUG_MESSAGE = 'Use lowercase letters, digits and single hyphens, such as sky-blue-poplin';

/** A translated page address follows the same rule: `translations.hi.slug`. */
export function validateTranslations<X extends string>(
  values: Pick<ContentValues<X>, 'translations'>,
): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const [code, texts] of Object.entries(values.translations ?? {})) {
    const slug = (texts.slug ?? '').trim();
    if (slug && !SLUG_PATTERN.test(slug)) errors[`translations.${code}.slug`] = SLUG_MESSAGE;
  }
  return errors;
}

/** The form's path of a field: `fields.Name`, `published`, and `photos` for `Userimg`. */
export function formPath<X extends string>(key: ErrorKey<X>): string {
  if (key === 'published' || key === 'featured' || key === 'publishAt' || key === 'slug')
    return key;
  if (key === 'Userimg') return 'photos';
  return `fields.${key}`;
}

/** Each photo needs its alt text: `photos.<n>.alt`, the path the API reports it under too. */
export function validatePhotos(photos: readonly FormPhoto[]): Record<string, string> {
  const errors: Record<string, string> = {};
  photos.forEach((photo, index) => {
    if (!photo.alt.trim())
      errors[`photos.${index}.alt`] = `Describe photo ${index + 1} for people who cannot see it`;
  });
  return errors;
}

/** The form's checks by path, for react-hook-form. */
export function contentRules<P extends string, X extends string>(type: ContentType<P, X>) {
  return (values: ContentValues<X>): FieldMessages => ({
    ...Object.fromEntries(
      Object.entries(validateContent(type, values)).map(([key, message]) => [
        formPath(key as ErrorKey<X>),
        message as string | undefined,
      ]),
    ),
    ...validatePhotos(values.photos),
    ...validateTranslations(values),
  });
}

const PHOTO_ALT = /^photos\.(\d+)\.alt$/;

/** The form's path for one of the API's field names (`ProductName` → `fields.Name`), if any. */
export function pathOfApiField<P extends string, X extends string>(
  type: ContentType<P, X>,
  apiField: string,
): string | undefined {
  if (PHOTO_ALT.test(apiField)) return apiField;
  const translated = pathOfTranslationField(type, apiField);
  if (translated) return translated;
  const field = summaryFields(type).find(({ key }) => wireName(type, key) === apiField);
  return field && formPath(field.key);
}

/** A field's label and element id, for the error summary; its rank orders the summary. */
export function describePath<P extends string, X extends string>(
  type: ContentType<P, X>,
  path: string,
): { label: string; fieldId: string; rank: number } | undefined {
  const fields = summaryFields(type);
  const translated = describeTranslationPath(type, path, fields.length + 1000);
  if (translated) return translated;
  const photo = PHOTO_ALT.exec(path);
  if (photo) {
    const index = Number(photo[1]);
    return {
      label: `Alt text of photo ${index + 1}`,
      fieldId: photoAltId(`${type.slug}-photos`, index),
      rank: fields.length + index,
    };
  }
  const rank = fields.findIndex(({ key }) => formPath(key) === path);
  if (rank < 0) return undefined;
  const { key, label } = fields[rank];
  return { label, fieldId: fieldId(type, key), rank };
}

/** Every field the API can report on, in the order of its fields (and of the summary). */
function summaryFields<P extends string, X extends string>(
  type: ContentType<P, X>,
): readonly LabelledField<ErrorKey<X>>[] {
  return [
    ...formFields(type),
    { key: 'slug', label: 'Page address' },
    { key: 'publishAt', label: 'Publish at' },
    { key: 'published', label: 'Published' },
    { key: 'featured', label: 'Featured' },
    { key: 'Userimg', label: 'Photos' },
  ];
}
