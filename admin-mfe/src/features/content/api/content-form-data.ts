import { formFields, wireName, type ContentType } from '../content-type';
import { fromLocalInput, parsePrice } from '../../../lib/format';
import type { ContentValues } from '../content-values';
import { translationsBody } from '../content-translations';

/**
 * The multipart body the API takes: every field as text, the photos as JSON text, and the
 * translations as JSON text (the languages the form holds; the API keeps the others).
 * `withTranslations: false` leaves them out, for a preview of the default language.
 */
export function contentFormData<P extends string, X extends string>(
  type: ContentType<P, X>,
  values: ContentValues<X>,
  { withTranslations = true }: { withTranslations?: boolean } = {},
): FormData {
  const form = new FormData();
  for (const { key } of formFields(type)) {
    const value = values.fields[key];
    // The description is the editor's HTML, sent as it wrote it; the rest is typed text,
    // the price as a plain number ("1,45,000" is 145000).
    const sent =
      key === 'Description'
        ? value
        : key === 'Price'
          ? String(parsePrice(value) ?? value.trim())
          : value.trim();
    form.append(wireName(type, key), sent);
  }
  form.append('published', values.published ? 'true' : 'false');
  if (values.slug.trim()) form.append('slug', values.slug.trim());
  form.append('featured', values.featured ? 'true' : 'false');
  form.append('publishAt', fromLocalInput(values.publishAt));
  const languages = withTranslations ? Object.keys(values.translations ?? {}) : [];
  const photos = values.photos.map(({ mediaId, alt, translations }) => ({
    mediaId,
    alt: alt.trim(),
    ...(languages.length > 0 ? { translations: photoTranslations(languages, translations) } : {}),
  }));
  form.append('photos', JSON.stringify(photos));
  if (languages.length > 0) {
    form.append('translations', JSON.stringify(translationsBody(type, values.translations)));
  }
  return form;
}

/** A photo's alt texts in `languages`, trimmed: `{ hi: { alt: '…' } }`. */
function photoTranslations(
  languages: readonly string[],
  translations: NonNullable<ContentValues<string>['photos'][number]['translations']> = {},
): Record<string, { alt: string }> {
  return Object.fromEntries(
    languages.map((code) => [code, { alt: (translations[code]?.alt ?? '').trim() }]),
  );
}

/** The same fields as plain JSON, without the image: what a draft preview is made of. */
export function contentFields<P extends string, X extends string>(
  type: ContentType<P, X>,
  values: ContentValues<X>,
): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const [name, value] of contentFormData(type, values, {
    withTranslations: false,
  }).entries()) {
    if (typeof value === 'string') fields[name] = value;
  }
  return fields;
}
