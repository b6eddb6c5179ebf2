import { apiQuery } from '../../../lib/api-query';

/** The site's texts, contacts, figures and offers, as the administrator last saved them. */
const settings = apiQuery(
  () => ['settings'],
  (api, signal) => api.GET('/api/settings', { signal }),
);

export const settingsQueryOptions = settings.options;
export const useSettingsQuery = settings.useAnswer;
