import { QueryClient } from '@tanstack/react-query';

/**
 * The admin area's query cache. A screen always shows what the server holds now: no answer is
 * kept once no screen shows it (writes do not yet say which lists they change, so a kept list
 * or a kept record could prefill a form with what was there before a save). While a list moves
 * to another page, sort or search, the previous rows stay (dimmed) until the new ones come.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        gcTime: 0,
        // Errors show at once with a "Try again" button; the administrator decides to retry.
        retry: false,
        refetchOnWindowFocus: false,
        // Ask the server even when the browser believes it is offline, so the screen says it
        // could not reach it instead of waiting forever.
        networkMode: 'always',
      },
    },
  });
}

let browserClient: QueryClient | undefined;

/** The one cache of a browser page (the shell mounts and unmounts the area). */
export function browserQueryClient(): QueryClient {
  browserClient ??= createQueryClient();
  return browserClient;
}
