import { errorMessage, fieldErrorsOf } from '../../lib/errors';
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

/** What the form holds: every text field by its name without the prefix, and the flag. */
export interface ContentValues<X extends string> {
  fields: Record<FieldKey<X>, string>;
  published: boolean;
}

export type ContentErrors<X extends string> = Partial<Record<ErrorKey<X>, string>>;

/** The form's starting values: the record's, or empty and published for a new one. */
export function valuesOf<P extends string, X extends string>(
  type: ContentType<P, X>,
  record?: ContentRecord<P, X>,
): ContentValues<X> {
  // The loop fills every key: formFields lists them all, which TypeScript cannot follow.
  const fields = {} as Record<FieldKey<X>, string>;
  for (const { key } of formFields(type)) {
    fields[key] = record ? fieldText(type, record, key) : '';
  }
  return { fields, published: record?.published ?? true };
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

/** What can be checked before sending: the API checks the rest (lengths, the image). */
export function validateContent<P extends string, X extends string>(
  type: ContentType<P, X>,
  { fields }: ContentValues<X>,
): ContentErrors<X> {
  const errors: ContentErrors<X> = {};
  if (!fields.Name.trim()) errors.Name = `Enter the ${type.one} name`;
  if (!fields.Category.trim()) errors.Category = 'Choose a category or add a new one';
  const price = fields.Price.trim();
  if (price && (!Number.isFinite(Number(price)) || Number(price) < 0))
    errors.Price = 'Value must be a number, 0 or more';
  return errors;
}

/** The field errors of a refused save, by the form's field names. */
export function errorsFromApi<P extends string, X extends string>(
  type: ContentType<P, X>,
  error: unknown,
  image: File | null,
): ContentErrors<X> {
  const named = fieldErrorsOf(error);
  const errors: ContentErrors<X> = {};
  for (const { key } of summaryFields(type)) {
    const message = named[wireName(type, key)];
    if (message) errors[key] = message;
  }
  const status = (error as { status?: number }).status;
  // The media pipeline refuses a file as a whole: too big (413) or not an image (415).
  if ((status === 413 || status === 415) && image) errors.Userimg = errorMessage(error);
  return errors;
}

/** The error summary's lines, each linking to its field, in the order of the API's fields. */
export function errorSummary<P extends string, X extends string>(
  type: ContentType<P, X>,
  errors: ContentErrors<X>,
): { message: string; fieldId: string }[] {
  return summaryFields(type).flatMap(({ key, label }) => {
    const message = errors[key];
    return message ? [{ message: `${label}: ${message}`, fieldId: fieldId(type, key) }] : [];
  });
}

function summaryFields<P extends string, X extends string>(
  type: ContentType<P, X>,
): readonly LabelledField<ErrorKey<X>>[] {
  return [
    ...formFields(type),
    { key: 'published', label: 'Published' },
    { key: 'Userimg', label: 'Image' },
  ];
}
