import { formFields, wireName, type ContentType } from '../content-type';
import type { ContentValues } from '../content-values';

/** The multipart body the API takes: every field as text, the image under `Userimg`. */
export function contentFormData<P extends string, X extends string>(
  type: ContentType<P, X>,
  values: ContentValues<X>,
): FormData {
  const form = new FormData();
  for (const { key } of formFields(type)) {
    const value = values.fields[key];
    // The description is the editor's HTML, sent as it wrote it; the rest is typed text.
    form.append(wireName(type, key), key === 'Description' ? value : value.trim());
  }
  form.append('published', values.published ? 'true' : 'false');
  if (values.image) form.append('Userimg', values.image);
  return form;
}
