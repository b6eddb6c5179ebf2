import { type ApiClient, createApiClient } from '@vitrine/api-client';
import { createContext, useContext } from 'react';

/**
 * How long a visitor's page waits for the API before it says so and offers "Try again" and
 * the studio's phone number (QueryStatus): a few seconds, not the API client's 15, because
 * a visitor looking at a spinner leaves sooner. The request is aborted then.
 */
export const PAGE_REQUEST_TIMEOUT_MS = 8_000;

/**
 * The browser's API client. Its address is the shell's run-time `apiUrl`, or the page's own
 * origin when there is none (the shell and the dev server proxy /api and /uploads). It
 * deliberately sends no token: a signed-in administrator browsing the public pages must see
 * what visitors see (published content only, and the shared public cache). What a page reads
 * while it renders goes through `useApi()` instead, since a server render has no page origin.
 */
export const api: ApiClient = createApiClient({ timeoutMs: PAGE_REQUEST_TIMEOUT_MS });

/**
 * The client a render's queries use: the browser's by default; a server render gives one
 * made for the API's address (see server/render.tsx), so no render changes another's.
 */
export const ApiContext = createContext<ApiClient>(api);

export function useApi(): ApiClient {
  return useContext(ApiContext);
}

/** The public content reads that answer in a language (`?locale=`): everything but drafts. */
const LOCALIZED_READS = /^\/api\/(settings|product|service|gallery|reviews)(\/|$)/;
/** The reads of one item by its slug, whose answer in a language names its slug in each. */
const ITEM_READS = /^\/api\/(product\/singleproject|service\/singleservice)\//;

/** The language a localized client asks in (see `localizedApi`); none: the default's. */
const clientLocales = new WeakMap<ApiClient, string>();

/**
 * `api` asking for the public content in `locale`: every public read gets `?locale=` (the
 * API answers that language's texts, falling back per field to the default's). In the
 * default language of a site of several languages, only an item's read does (its answer
 * then has `slugs`, for its page's alternates and the language switcher); on a site of one
 * language the client is `api` itself, its requests exactly what they were before.
 */
export function localizedApi(
  api: ApiClient,
  locale: string,
  defaultLocale: string,
  severalLanguages = locale !== defaultLocale,
): ApiClient {
  if (!severalLanguages) return api;
  const reads = locale === defaultLocale ? ITEM_READS : LOCALIZED_READS;
  type GetInit = { params?: { query?: Record<string, unknown> } };
  const get = api.GET as (path: string, init?: GetInit) => ReturnType<ApiClient['GET']>;
  const GET = (path: string, init?: GetInit) =>
    reads.test(path)
      ? get(path, {
          ...init,
          params: { ...init?.params, query: { ...init?.params?.query, locale } },
        })
      : get(path, init);
  const client: ApiClient = { ...api, GET: GET as ApiClient['GET'] };
  // The default language's answers keep their keys: only what it adds (slugs) differs.
  if (locale !== defaultLocale) clientLocales.set(client, locale);
  return client;
}

/** The language `api` reads in when it is a localized client; undefined for the default. */
export function apiLocale(api: ApiClient): string | undefined {
  return clientLocales.get(api);
}
