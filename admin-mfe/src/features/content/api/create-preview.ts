import { unwrap, type PreviewLink } from '@vitrine/api-client';
import { api } from '../../../lib/api-client';
import type { ContentType } from '../content-type';
import type { ContentValues } from '../content-values';
import { contentFields } from './content-form-data';

/**
 * Asks the API for a short-lived preview link of the form as it stands (saved or not): the
 * public page with these fields, which only this editor can open.
 */
export function createPreview<P extends string, X extends string>(
  type: ContentType<P, X>,
  id: string | undefined,
  values: ContentValues<X>,
): Promise<PreviewLink> {
  return unwrap(
    api.POST('/api/previews', {
      body: {
        type: type.slug === 'service' ? 'service' : 'product',
        ...(id ? { id } : {}),
        fields: contentFields(type, values),
      },
    }),
  );
}
