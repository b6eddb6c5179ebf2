import { type ApiClient, unwrap, type Preview } from '@vitrine/api-client';
import { useQuery } from '@tanstack/react-query';
import { useApi } from '../../../lib/api-client';

/**
 * A draft shared with a client: the link is its own credential, so no sign-in token is
 * sent. Never kept: each visit asks again, so an edit or a revocation shows at once.
 */
export function getSharedPreview(
  api: ApiClient,
  token: string,
  signal?: AbortSignal,
): Promise<Preview> {
  return unwrap(api.GET('/api/previews/share/{token}', { params: { path: { token } }, signal }));
}

export function useSharedPreview(token: string) {
  const api = useApi();
  return useQuery({
    queryKey: ['shared-preview', token],
    queryFn: ({ signal }) => getSharedPreview(api, token, signal),
    gcTime: 0,
    staleTime: 0,
    retry: false,
  });
}
