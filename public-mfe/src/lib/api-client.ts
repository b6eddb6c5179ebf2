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
