import { upload } from '../../../lib/api-client';
import type { ContentRecord, ContentType } from '../content-type';
import type { ContentValues } from '../content-values';
import { contentFormData } from './content-form-data';

/**
 * Creates a record, or replaces the one with `id`, its photos as the form orders them.
 * Multipart with upload progress, which the typed client does not do.
 */
export function saveContent<P extends string, X extends string>(
  type: ContentType<P, X>,
  id: string | undefined,
  values: ContentValues<X>,
  onProgress?: (fraction: number) => void,
): Promise<ContentRecord<P, X>> {
  const base = `/api/${type.slug}`;
  return upload<ContentRecord<P, X>>({
    method: id ? 'PUT' : 'POST',
    url: id ? `${base}/${encodeURIComponent(id)}` : base,
    form: contentFormData(type, values),
    onProgress,
  });
}
