import { unwrap, type SiteSettings } from '@vitrine/api-client';
import { api } from '../../../lib/api';
import { useQuery } from '../../../lib/useQuery';

export function getSettings(signal?: AbortSignal): Promise<SiteSettings> {
  return unwrap(api.GET('/api/settings', { signal }));
}

export function useSettings() {
  return useQuery('settings', getSettings);
}
