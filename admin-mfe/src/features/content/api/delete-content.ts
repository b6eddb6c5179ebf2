import { unwrap } from '@vitrine/api-client';
import type { ContentType } from '../content-type';

export function deleteContent<P extends string, X extends string>(
  type: ContentType<P, X>,
  id: string,
): Promise<unknown> {
  return unwrap(type.endpoints.remove(id));
}
