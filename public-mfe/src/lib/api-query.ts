import { type ApiClient, type ApiResult, unwrap } from '@vitrine/api-client';
import { type QueryKey, queryOptions, useQuery } from '@tanstack/react-query';
import { apiLocale, useApi } from './api-client';

/**
 * A call of the typed client, e.g. `(api, signal, slug) => api.GET('/api/...', ...)`. Each
 * feature writes its own with the literal path, which is what lets openapi-fetch check the
 * path, its parameters and the answer's type.
 */
export type ApiRead<Args extends unknown[], T> = (
  api: ApiClient,
  signal: AbortSignal,
  ...args: Args
) => Promise<ApiResult<T>>;

/**
 * One API read as the site uses it (a feature's `api/` file makes one per operation): its
 * `options`, the `queryOptions` a route's loader puts into the render's cache, and its hook,
 * with which the page reads that answer: the same key and the same call in both, so what a
 * server render fetched is what the page finds.
 */
export function apiQuery<Args extends unknown[], T>(
  key: (...args: Args) => QueryKey,
  read: ApiRead<Args, T>,
) {
  const options = (api: ApiClient, ...args: Args) =>
    queryOptions({
      queryKey: localeKey(key(...args), apiLocale(api)),
      queryFn: ({ signal }) => unwrap(read(api, signal, ...args)),
    });
  const useAnswer = (...args: Args) => useQuery(options(useApi(), ...args));
  return { options, useAnswer };
}

/**
 * A query's key in a language: the default language's keys are as they always were, another's
 * end with `{ locale }`, so each language's answers are kept apart and a prefix such as
 * `['products']` still names them all.
 */
export function localeKey(key: QueryKey, locale: string | undefined): QueryKey {
  return locale === undefined ? key : [...key, { locale }];
}

/**
 * One item by its slug or, as old links have it, its name; 404 if none. The API answers
 * with the item as it is now, so the page sees an earlier slug and redirects. Its hook
 * waits while the slug is `null` (not known yet).
 */
export function itemBySlugQuery<T>(name: string, read: ApiRead<[slugOrName: string], T>) {
  const { options } = apiQuery((slugOrName: string) => [name, slugOrName], read);
  const useItem = (slugOrName: string | null) =>
    useQuery({ ...options(useApi(), slugOrName ?? ''), enabled: slugOrName !== null });
  return { options, useItem };
}

/** The featured items of a list, in the order the studio gave them; at most `limit`. */
export function featuredQuery<T>(name: string, read: ApiRead<[limit: number], T>) {
  return apiQuery((limit: number) => [name, 'featured', limit], read);
}
