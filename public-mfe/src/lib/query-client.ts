import type { ApiError } from '@vitrine/api-client';
import { QueryClient } from '@tanstack/react-query';

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

let browserClient: QueryClient | undefined;

/** The one cache of a browser page (the remote may be mounted and unmounted by the shell). */
export function browserQueryClient(): QueryClient {
  browserClient ??= createQueryClient();
  return browserClient;
}
