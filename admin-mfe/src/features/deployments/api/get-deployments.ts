import { unwrap } from '@vitrine/api-client';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { isChecking, type RemoteDeployment } from '../deployment-state';

/** How often the screen asks again while the shells check a version they do not serve yet. */
export const CHECKING_REFRESH_MS = 3000;

/**
 * Each remote in `environment`: the version its pointer names, the one the shells serve, the
 * one a rollback goes to, what the shells refused, the pointer's moves and the published
 * versions, newest first.
 */
export function getDeployments(
  environment: string,
  signal?: AbortSignal,
): Promise<RemoteDeployment[]> {
  return unwrap(api.GET('/api/deployments', { params: { query: { environment } }, signal }));
}

export const deploymentsKey = (environment: string) => ['deployments', environment] as const;

export const deploymentsQueryOptions = (environment: string) =>
  queryOptions({
    queryKey: deploymentsKey(environment),
    queryFn: ({ signal }) => getDeployments(environment, signal),
    // While a pointer names a version the shells are still checking, the screen asks again
    // every few seconds, so whoever moved it sees the switch (or the refusal) come.
    refetchInterval: (query) => (query.state.data?.some(isChecking) ? CHECKING_REFRESH_MS : false),
  });

export function useDeployments(environment: string) {
  return useQuery(deploymentsQueryOptions(environment));
}
