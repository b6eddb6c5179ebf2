import { type ApiClient, unwrap, type Preview } from '@vitrine/api-client';
import { readStoredToken } from '@vitrine/auth';
import { useQuery } from '@tanstack/react-query';
import { useApi } from '../../../lib/api-client';

/**
 * A draft preview, asked for with the signed-in editor's own token: the API shows it to the
 * editor who made the link and answers 404 to anyone else. Never on the server (it has no
 * token to send), and never kept: each visit asks again.
 */
export function getPreview(api: ApiClient, token: string, signal?: AbortSignal): Promise<Preview> {
  const session = typeof localStorage === 'undefined' ? null : readStoredToken();
  return unwrap(
    api.GET('/api/previews/{token}', {
      params: { path: { token } },
      headers: session ? { Authorization: `Bearer ${session}` } : {},
      signal,
    }),
  );
}

export function usePreview(token: string) {
  const api = useApi();
  return useQuery({
    queryKey: ['preview', token],
    queryFn: ({ signal }) => getPreview(api, token, signal),
    gcTime: 0,
    staleTime: 0,
    retry: false,
  });
}
