import type { ApiError } from '@vitrine/api-client';
import { type DehydratedState, hydrate, type Query, QueryClient } from '@tanstack/react-query';

declare module '@tanstack/react-query' {
  interface Register {
    // Every query function goes through the API client's unwrap(), which rejects with an
    // ApiError only (status 0 for a network failure), so pages may read `error.status`.
    defaultError: ApiError;
  }
}

/** How long an answer no page shows any more is kept, for going back to its page. */
export const BROWSER_GC_TIME_MS = 5 * 60_000;

/**
 * The public site's query cache: answers by key, kept BROWSER_GC_TIME_MS once no page shows
 * them, so going back to a page shows it at once while the request runs again in the
 * background (the API's own ETags keep that cheap).
 */
export function createQueryClient(): QueryClient {
  // The queries this cache adopted from the server's render (hydrateFromServer): one page's,
  // once, so it never grows past that page's few answers.
  const adopted = new Set<string>();
  const client = new QueryClient({
    defaultOptions: {
      queries: {
        // What the server rendered the page with is not asked for again as the page comes
        // alive (hydration); everything else is stale at once, so a page that comes back
        // shows its last answer while asking again.
        staleTime: (query: Query) => (adopted.has(query.queryHash) ? SERVER_DATA_FRESH_MS : 0),
        gcTime: BROWSER_GC_TIME_MS,
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
  fromServer.set(client, adopted);
  return client;
}

/** The id of the JSON block a server-rendered page carries its query answers in. */
export const QUERY_STATE_ELEMENT_ID = 'vitrine-query-state';
/** How long the answers a page was server-rendered with count as fresh in the browser. */
const SERVER_DATA_FRESH_MS = 60_000;
/** Each cache's adopted queries, by cache: a WeakMap, so it holds no cache alive. */
const fromServer = new WeakMap<QueryClient, Set<string>>();

/**
 * Adopts the answers a server-rendered page was rendered with, so the browser's first render
 * is the server's (no hydration mismatch) and asks the API for none of them again.
 */
export function hydrateFromServer(client: QueryClient, state: DehydratedState): void {
  const now = Date.now();
  const adopted = fromServer.get(client);
  const queries = state.queries.map((query) => {
    adopted?.add(query.queryHash);
    // A page the server found missing (404) shows that at once, as the server did, rather
    // than a loading state while it asks again.
    if (query.state.status === 'error')
      client.setQueryDefaults(query.queryKey, { retryOnMount: false });
    return { ...query, state: { ...query.state, dataUpdatedAt: now, errorUpdatedAt: now } };
  });
  hydrate(client, { ...state, queries });
}

// Module state on purpose: one cache per browser page, which outlives the remote's tree (the
// shell unmounts it on the way to the admin area and mounts it again on the way back).
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
 * as such, not as a query about to be retried. It goes with its render: no answer is timed
 * out of it (gcTime Infinity, TanStack's own on a server, sets no timer to keep it alive).
 */
export function createServerQueryClient(): QueryClient {
  const defaults = createQueryClient().getDefaultOptions();
  return new QueryClient({
    defaultOptions: {
      ...defaults,
      queries: { ...defaults.queries, staleTime: Infinity, gcTime: Infinity, retryOnMount: false },
    },
  });
}
