import { formFields, wireName, type ContentType } from '../content-type';
import { fromLocalInput, parsePrice } from '../../../lib/format';
import type { ContentValues } from '../content-values';

/** The multipart body the API takes: every field as text, the photos as JSON text. */
export function contentFormData<P extends string, X extends string>(
  type: ContentType<P, X>,
  values: ContentValues<X>,
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
  const photos = values.photos.map(({ mediaId, alt }) => ({ mediaId, alt: alt.trim() }));
  form.append('photos', JSON.stringify(photos));
  return form;
}

/** The same fields as plain JSON, without the image: what a draft preview is made of. */
export function contentFields<P extends string, X extends string>(
  type: ContentType<P, X>,
  values: ContentValues<X>,
): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const [name, value] of contentFormData(type, values).entries()) {
    if (typeof value === 'string') fields[name] = value;
  }
  return fields;
}
