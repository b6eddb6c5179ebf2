import { unwrap, type Backup } from '@vitrine/api-client';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** The daily backups the API keeps, newest first. */
export function getBackups(signal?: AbortSignal): Promise<Backup[]> {
  return unwrap(api.GET('/api/backups', { signal }));
}

export const backupsQueryOptions = () =>
  queryOptions({ queryKey: ['backups'], queryFn: ({ signal }) => getBackups(signal) });

export function useBackups() {
  return useQuery(backupsQueryOptions());
}
