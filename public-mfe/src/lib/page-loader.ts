import type { ApiClient } from '@vitrine/api-client';
import type { QueryClient } from '@tanstack/react-query';
import type { LoaderFunction, Params } from 'react-router-dom';

/** What a route's loader fetches with: the render's query cache and its API client. */
export interface LoaderContext {
  queryClient: QueryClient;
  api: ApiClient;
}

export interface PageLoaderArgs extends LoaderContext {
  /** The route's parameters (`:slug`). */
  params: Params;
  /** The address's query (`?category=Linen`). */
  searchParams: URLSearchParams;
}

/**
 * A route's loader: puts into the render's cache, with the page's own `queryOptions`, every
 * answer the page shows, so that a server render draws the finished page at its first and
 * only pass (see server/render.tsx). It may await one answer to know what to ask next. The
 * result is React Router's loader signature, its `context` the render's `LoaderContext`; it
 * resolves to null, since the data is in the cache. The browser runs no loaders: its pages
 * ask for what they show as they are drawn.
 */
export function pageLoader(
  load: (args: PageLoaderArgs) => Promise<unknown>,
): LoaderFunction<LoaderContext> {
  return async ({ params, request, context }) => {
    if (!context) throw new Error('A page loader needs the render’s query and API clients');
    await load({ ...context, params, searchParams: new URL(request.url).searchParams });
    return null;
  };
}
