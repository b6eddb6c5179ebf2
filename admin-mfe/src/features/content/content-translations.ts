import { languageName } from '../../lib/site-languages';
import { photoAltId, type FormPhoto } from '../../components/media-picker/PhotosField';
import {
  formFields,
  wireName,
  type ContentRecord,
  type ContentType,
  type LabelledField,
  type TextKey,
} from './content-type';

/*
 * A content record's translations as the form holds them (issue 36): per non-default site
 * language, every text field by its name without the prefix, and the page address. The API
 * names them as the record's own (`translations.hi.ProductName`, `translations.hi.slug`).
 */

/** One language's texts: the text fields, and the slug. */
export type TranslationValues<X extends string> = Record<TextKey<X> | 'slug', string>;

/** The text fields a translation has: every text field of the type, the price left out. */
export function translatableFields<P extends string, X extends string>(
  type: ContentType<P, X>,
): readonly LabelledField<TextKey<X>>[] {
  return formFields(type).filter(
    (field): field is LabelledField<TextKey<X>> => field.key !== 'Price',
  );
}

/** The form's starting translations: the record's, for each of `languages`. */
export function translationsOf<P extends string, X extends string>(
  type: ContentType<P, X>,
  languages: readonly string[],
  record?: ContentRecord<P, X>,
): Record<string, TranslationValues<X>> {
  const values: Record<string, TranslationValues<X>> = {};
  for (const code of languages) {
    const stored = record?.translations?.[code] ?? {};
    const texts = { slug: stored.slug ?? '' } as TranslationValues<X>;
    for (const { key } of translatableFields(type)) texts[key] = stored[wireName(type, key)] ?? '';
    values[code] = texts;
  }
  return values;
}

/** The translations' body: `{ hi: { ProductName: '…', slug: '…' } }`, the texts trimmed. */
export function translationsBody<P extends string, X extends string>(
  type: ContentType<P, X>,
  translations: Readonly<Record<string, TranslationValues<X>>>,
): Record<string, Record<string, string>> {
  const body: Record<string, Record<string, string>> = {};
  for (const [code, texts] of Object.entries(translations)) {
    const sent: Record<string, string> = {};
    for (const { key } of translatableFields(type)) {
      const value = texts[key] ?? '';
      // The description is the editor's HTML, sent as it wrote it.
      sent[wireName(type, key)] = key === 'Description' ? value : value.trim();
    }
    sent.slug = (texts.slug ?? '').trim();
    body[code] = sent;
  }
  return body;
}

/**
 * The fields of `code` still empty where the default language has a text: what the list's
 * status says, as the form stands now. Photos' alt texts count as "Alt text of photo n".
 */
export function missingTranslations<X extends string>(
  fields: readonly LabelledField<TextKey<X>>[],
  defaults: Readonly<Record<string, string>>,
  translation: Partial<Readonly<Record<string, string>>> | undefined,
  photos: readonly FormPhoto[] = [],
  code = '',
): string[] {
  const missing = fields
    .filter(({ key }) => blankText(translation?.[key]) && !blankText(defaults[key]))
    .map(({ label }) => label);
  photos.forEach((photo, index) => {
    if (photo.alt.trim() && !photo.translations?.[code]?.alt?.trim())
      missing.push(`Alt text of photo ${index + 1}`);
  });
  return missing;
}

/** Empty, or rich text without a word. */
function blankText(value: string | undefined): boolean {
  return (
    !value ||
    !value
      .replace(/<[^>]*>/g, '')
      .replace(/&nbsp;/g, ' ')
      .trim()
  );
}

const TRANSLATION_PATH = /^translations\.([a-z]{2})\.(\w+)$/;
const PHOTO_ALT_TRANSLATION = /^photos\.(\d+)\.translations\.([a-z]{2})\.alt$/;

/** The form's path for one of the API's translation field names, if it is one. */
export function pathOfTranslationField<P extends string, X extends string>(
  type: ContentType<P, X>,
  apiField: string,
): string | undefined {
  if (PHOTO_ALT_TRANSLATION.test(apiField)) return apiField;
  const match = TRANSLATION_PATH.exec(apiField);
  if (!match) return undefined;
  const [, code, name] = match;
  if (name === 'slug') return `translations.${code}.slug`;
  const field = translatableFields(type).find(({ key }) => wireName(type, key) === name);
  return field && `translations.${code}.${field.key}`;
}

/** The id of a translation's input: `product-hi-ProductName`. */
export function translationFieldId<P extends string, X extends string>(
  type: ContentType<P, X>,
  code: string,
  key: TextKey<X> | 'slug',
): string {
  return `${type.slug}-${code}-${key === 'slug' ? 'slug' : wireName(type, key)}`;
}

/** The id of photo `index`'s alt text in `code`. */
export const photoAltTranslationId = (
  type: { slug: string },
  code: string,
  index: number,
): string => photoAltId(`${type.slug}-${code}-photos`, index);

/** A translation's field for the error summary: "Name (Hindi)", its input's id, its rank. */
export function describeTranslationPath<P extends string, X extends string>(
  type: ContentType<P, X>,
  path: string,
  rankBase: number,
): { label: string; fieldId: string; rank: number } | undefined {
  const photo = PHOTO_ALT_TRANSLATION.exec(path);
  if (photo) {
    const [, index, code] = photo;
    return {
      label: `Alt text of photo ${Number(index) + 1} (${languageName(code)})`,
      fieldId: photoAltTranslationId(type, code, Number(index)),
      rank: rankBase + 100 + Number(index),
    };
  }
  const match = TRANSLATION_PATH.exec(path);
  if (!match) return undefined;
  const [, code, key] = match;
  const fields = translatableFields(type);
  if (key === 'slug') {
    return {
      label: `Page address (${languageName(code)})`,
      fieldId: translationFieldId(type, code, 'slug'),
      rank: rankBase + fields.length,
    };
  }
  const rank = fields.findIndex((field) => field.key === key);
  if (rank < 0) return undefined;
  return {
    label: `${fields[rank].label} (${languageName(code)})`,
    fieldId: translationFieldId(type, code, fields[rank].key),
    rank: rankBase + rank,
  };
}

/** The language a form path belongs to: its code, or undefined for the default language. */
export function languageOfPath(path: string): string | undefined {
  return TRANSLATION_PATH.exec(path)?.[1] ?? PHOTO_ALT_TRANSLATION.exec(path)?.[2];
}
