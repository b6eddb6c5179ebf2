import { unwrap } from '@vitrine/api-client';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { categoryOf, type ContentType } from '../content-type';

/** The names of the categories the type's records use now. */
export async function getContentCategories<P extends string, X extends string>(
  type: ContentType<P, X>,
  signal?: AbortSignal,
): Promise<string[]> {
  const categories = await unwrap(type.endpoints.categories(signal));
  return categories.map((category) => categoryOf(type, category));
}

export const contentCategoriesQueryOptions = <P extends string, X extends string>(
  type: ContentType<P, X>,
) =>
  queryOptions({
    queryKey: [type.slug, 'categories'],
    queryFn: ({ signal }) => getContentCategories(type, signal),
  });

export function useContentCategories<P extends string, X extends string>(type: ContentType<P, X>) {
  return useQuery(contentCategoriesQueryOptions(type));
}
