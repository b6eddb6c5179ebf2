import { unwrap } from '@vitrine/api-client';
import { useQuery } from '../../../lib/useQuery';
import { categoryOf, type ContentType } from '../content-type';

/** The names of the categories the type's records use now. */
export async function getContentCategories<P extends string, X extends string>(
  type: ContentType<P, X>,
  signal?: AbortSignal,
): Promise<string[]> {
  const categories = await unwrap(type.endpoints.categories(signal));
  return categories.map((category) => categoryOf(type, category));
}

export function useContentCategories<P extends string, X extends string>(type: ContentType<P, X>) {
  return useQuery(`${type.slug}-categories`, (signal) => getContentCategories(type, signal));
}
