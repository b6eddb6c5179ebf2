import type { ApiError } from '@vitrine/api-client';
import { type DehydratedState, hydrate, type Query, QueryClient } from '@tanstack/react-query';

declare module '@tanstack/react-query' {
  interface Register {
    // Every query function goes through the API client's unwrap(), which rejects with an
    // ApiError only (status 0 for a network failure), so pages may read `error.status`.
    defaultError: ApiError;
  }
}

/**
 * The public site's query cache: answers by key for the page's life, so going back to a page
 * shows it at once while the request runs again in the background (the API's own ETags keep
 * that cheap).
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        // What the server rendered the page with is not asked for again as the page comes
        // alive (hydration); everything else is stale at once, so a page that comes back
        // shows its last answer while asking again.
        staleTime: (query: Query) => (fromServer.has(query.queryHash) ? SERVER_DATA_FRESH_MS : 0),
        // A failed section shows its error with a "Try again" button at once; retrying in
        // the background would keep the visitor looking at a spinner for seconds.
        retry: false,
        refetchOnWindowFocus: false,
        // Ask the server even when the browser believes it is offline, so a visitor without a
        // connection gets "the server could not be reached", not a spinner that never ends.
        networkMode: 'always',
      },
    },
  });
}

/** The id of the JSON block a server-rendered page carries its query answers in. */
export const QUERY_STATE_ELEMENT_ID = 'vitrine-query-state';
/** How long the answers a page was server-rendered with count as fresh in the browser. */
const SERVER_DATA_FRESH_MS = 60_000;
const fromServer = new Set<string>();

/**
 * Adopts the answers a server-rendered page was rendered with, so the browser's first render
 * is the server's (no hydration mismatch) and asks the API for none of them again.
 */
export function hydrateFromServer(client: QueryClient, state: DehydratedState): void {
  const now = Date.now();
  const queries = state.queries.map((query) => {
    fromServer.add(query.queryHash);
    // A page the server found missing (404) shows that at once, as the server did, rather
    // than a loading state while it asks again.
    if (query.state.status === 'error')
      client.setQueryDefaults(query.queryKey, { retryOnMount: false });
    return { ...query, state: { ...query.state, dataUpdatedAt: now, errorUpdatedAt: now } };
  });
  hydrate(client, { ...state, queries });
}

let browserClient: QueryClient | undefined;

/** The one cache of a browser page (the remote may be mounted and unmounted by the shell). */
export function browserQueryClient(): QueryClient {
  if (!browserClient) {
    browserClient = createQueryClient();
    const block =
      typeof document === 'undefined' ? null : document.getElementById(QUERY_STATE_ELEMENT_ID);
    if (block?.textContent) {
      try {
        hydrateFromServer(browserClient, JSON.parse(block.textContent) as DehydratedState);
      } catch {
        // An unreadable block only costs the requests it would have saved.
      }
    }
  }
  return browserClient;
}

/**
 * A server render's cache, filled by the route's loaders before the page is drawn. Its
 * answers are never stale during the render (the page shows them as they are, as the
 * browser does once it has adopted them, not as "being fetched again"), and a 404 is shown
 * as such, not as a query about to be retried.
 */
export function createServerQueryClient(): QueryClient {
  const defaults = createQueryClient().getDefaultOptions();
  return new QueryClient({
    defaultOptions: {
      ...defaults,
      queries: { ...defaults.queries, staleTime: Infinity, retryOnMount: false },
    },
  });
}
