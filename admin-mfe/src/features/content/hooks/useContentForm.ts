import { useToast } from '@vitrine/ui';
import { type FormEvent, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { errorMessage, isUnauthorized } from '../../../lib/errors';
import { adminPath } from '../../../lib/paths';
import { saveContent } from '../api/save-content';
import {
  capitalize,
  type ContentRecord,
  type ContentType,
  type ErrorKey,
  type FieldKey,
} from '../content-type';
import {
  errorsFromApi,
  validateContent,
  valuesOf,
  type ContentErrors,
  type ContentValues,
} from '../content-values';

export interface ContentForm<X extends string> {
  values: ContentValues<X>;
  image: File | null;
  errors: ContentErrors<X>;
  /** What went wrong when no field is to blame (e.g. the server could not be reached). */
  message: string;
  /** The upload's progress while saving, from 0 to 1; null when not saving. */
  progress: number | null;
  setField(key: FieldKey<X>, value: string): void;
  setPublished(published: boolean): void;
  setImage(file: File | null): void;
  submit(event: FormEvent<HTMLFormElement>): Promise<void>;
}

/**
 * The add or edit form's state: a field's error goes as soon as it is edited; saving checks
 * what it can first, then shows the API's field errors or goes back to the list.
 */
export function useContentForm<P extends string, X extends string>(
  type: ContentType<P, X>,
  record?: ContentRecord<P, X>,
): ContentForm<X> {
  const navigate = useNavigate();
  const toast = useToast();
  const [values, setValues] = useState<ContentValues<X>>(() => valuesOf(type, record));
  const [image, setImageFile] = useState<File | null>(null);
  const [errors, setErrors] = useState<ContentErrors<X>>({});
  const [message, setMessage] = useState('');
  const [progress, setProgress] = useState<number | null>(null);

  function clearError(key: ErrorKey<X>) {
    setErrors((current) => (current[key] ? { ...current, [key]: undefined } : current));
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const found = validateContent(type, values);
    if (Object.keys(found).length > 0) {
      setErrors(found);
      setMessage('');
      return;
    }
    setProgress(0);
    try {
      await saveContent(type, record?._id, values, image, setProgress);
    } catch (error) {
      setProgress(null);
      if (isUnauthorized(error)) return;
      setErrors(errorsFromApi(type, error, image));
      setMessage(errorMessage(error, `The ${type.one} was not saved`));
      toast.error(`The ${type.one} was not saved: ${errorMessage(error)}`);
      return;
    }
    toast.success(`${capitalize(type.one)} ${record ? 'saved' : 'added'}`);
    navigate(adminPath(type.slug));
  }

  return {
    values,
    image,
    errors,
    message,
    progress,
    setField(key, value) {
      setValues((current) => ({ ...current, fields: { ...current.fields, [key]: value } }));
      clearError(key);
    },
    setPublished(published) {
      setValues((current) => ({ ...current, published }));
      clearError('published');
    },
    setImage(file) {
      setImageFile(file);
      clearError('Userimg');
    },
    submit,
  };
}
