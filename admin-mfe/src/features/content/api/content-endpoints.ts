import type { paths } from '@vitrine/api-client';
import { api } from '../../../lib/api-client';
import type { ContentEndpoints } from '../content-type';

/** The content types' names in the API's paths: /api/product, /api/service. */
export type ContentSlug = 'product' | 'service';

/** What the API answers with 200 to a GET of `path`, as its OpenAPI document says. */
type Answer<Path extends keyof paths> = paths[Path]['get'] extends {
  responses: { 200: { content: { 'application/json': infer Body } } };
}
  ? Body
  : never;
type Item<S extends ContentSlug> = Answer<`/api/${S}/{id}`>;
type Category<S extends ContentSlug> =
  Answer<`/api/${S}/getcategory`> extends (infer C)[] ? C : never;

/**
 * The typed client's calls for one content type, written once for both. openapi-fetch types
 * a call by its path, so the path here is typed as both types' at once: every path and its
 * parameters are checked against the products' and the services' (a missing path or a
 * misnamed parameter fails tsc), and what the calls answer is each type's items and
 * categories. What `slug` gets is its own type's, which a ContentType's declaration then
 * checks against its ContentRecord.
 */
export function contentEndpoints<S extends ContentSlug>(
  slug: S,
): ContentEndpoints<Item<S>, Category<S>> {
  const type: ContentSlug = slug;
  const endpoints = {
    list: (query, signal) => api.GET(`/api/${type}`, { params: { query }, signal }),
    get: (id, signal) => api.GET(`/api/${type}/{id}`, { params: { path: { id } }, signal }),
    categories: (signal) => api.GET(`/api/${type}/getcategory`, { signal }),
    remove: (id) => api.DELETE(`/api/${type}/{id}`, { params: { path: { id } } }),
    move: (id, to) => api.PUT(`/api/${type}/{id}/position`, { params: { path: { id } }, body: to }),
  } satisfies ContentEndpoints<Item<ContentSlug>, Category<ContentSlug>>;
  // The calls answer for either type; the address `slug` names is its own type's.
  return endpoints as ContentEndpoints<Item<S>, Category<S>>;
}
