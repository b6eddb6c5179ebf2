import { useQuery } from '@tanstack/react-query';
import { settingsQueryOptions } from '../../../lib/site-languages';

export { getSettings, settingsQueryOptions } from '../../../lib/site-languages';

export function useSettings() {
  return useQuery(settingsQueryOptions());
}
