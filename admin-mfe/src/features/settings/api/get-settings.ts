import { unwrap, type SiteSettings } from '@vitrine/api-client';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export function getSettings(signal?: AbortSignal): Promise<SiteSettings> {
  return unwrap(api.GET('/api/settings', { signal }));
}

export const settingsQueryOptions = () =>
  queryOptions({ queryKey: ['settings'], queryFn: ({ signal }) => getSettings(signal) });

export function useSettings() {
  return useQuery(settingsQueryOptions());
}
