import { type ApiClient, createApiClient } from '@vitrine/api-client';

/**
 * The public site's one API client. Its address is the shell's run-time `apiUrl`, or the
 * page's own origin when there is none (the shell and the dev server proxy /api and
 * /uploads). It deliberately sends no token: a signed-in administrator browsing the public
 * pages must see what visitors see (published content only, and the shared public cache).
 */
// Replaced once on a server (setApiBase), so the binding is `let`.
export let api: ApiClient = createApiClient();
let apiBase: string | undefined;

/** On a server, which has no page origin: the API's absolute address. */
export function setApiBase(url: string): void {
  if (url === apiBase) return;
  apiBase = url;
  api = createApiClient({ baseUrl: url.replace(/\/$/, '') });
}
