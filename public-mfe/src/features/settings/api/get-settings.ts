import { unwrap, type SiteSettings } from '@vitrine/api-client';
import { api } from '../../../lib/api-client';
import { useQuery } from '../../../lib/use-query';

/** The site's texts, contacts, figures and offers, as the administrator last saved them. */
export function getSettings(signal?: AbortSignal): Promise<SiteSettings> {
  return unwrap(api.GET('/api/settings', { signal }));
}

export function useSettingsQuery() {
  return useQuery('settings', getSettings);
}
