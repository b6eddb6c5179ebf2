import { type ApiClient, createApiClient } from '@vitrine/api-client';
import { LRUCache } from 'lru-cache';

type GetResult = Awaited<ReturnType<ApiClient['GET']>>;
type GetInit = { params?: unknown; headers?: unknown; signal?: AbortSignal };

/**
 * The API's successful answers to the server renders' reads, kept by what was asked under
 * the API's content version they were read at (every save changes it, so none outlives the
 * content it holds): a page not yet rendered under this version asks the API only for what
 * no page before it asked. What it saves is bench:ssr's "shell server, every page rendered"
 * row. The least recently used go first past `maxBytes`.
 */
export function createKeptAnswers(maxBytes: number) {
  const kept = new LRUCache<string, GetResult>({ maxSize: maxBytes });
  return {
    /**
     * A client of the API at `apiUrl` for a render under `contentVersion` (none: nothing is
     * kept), which answers a GET asked before under the same version from memory. One that
     * sends headers of its own (credentials) is always asked.
     */
    clientFor(apiUrl: string, contentVersion: string | undefined): ApiClient {
      const baseUrl = apiUrl.replace(/\/$/, '');
      const api = createApiClient({ baseUrl });
      if (contentVersion === undefined) return api;
      const get = api.GET as (path: string, init?: GetInit) => Promise<GetResult>;
      const GET = async (path: string, init?: GetInit) => {
        if (init?.headers) return get(path, init);
        const key = JSON.stringify([baseUrl, contentVersion, path, init?.params ?? null]);
        const known = kept.get(key);
        if (known) return known;
        const result = await get(path, init);
        if (result.response.ok) kept.set(key, result, { size: answerBytes(result) });
        return result;
      };
      return { ...api, GET: GET as ApiClient['GET'] };
    },
  };
}

/** An answer's size: as the API sent it, or as JSON. */
function answerBytes({ data, response }: GetResult): number {
  const sent = Number(response.headers.get('Content-Length'));
  return sent > 0 ? sent : Math.max(1, JSON.stringify(data ?? null).length);
}
