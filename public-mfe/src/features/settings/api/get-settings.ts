import { type ApiClient, unwrap, type SiteSettings } from '@vitrine/api-client';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useApi } from '../../../lib/api-client';

/** The site's texts, contacts, figures and offers, as the administrator last saved them. */
export function getSettings(api: ApiClient, signal?: AbortSignal): Promise<SiteSettings> {
  return unwrap(api.GET('/api/settings', { signal }));
}

export const settingsQueryOptions = (api: ApiClient) =>
  queryOptions({ queryKey: ['settings'], queryFn: ({ signal }) => getSettings(api, signal) });

export function useSettingsQuery() {
  return useQuery(settingsQueryOptions(useApi()));
}
