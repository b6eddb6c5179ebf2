import { unwrap } from '@vitrine/api-client';
import { api } from '../../../lib/api-client';

/** Deletes every statistic the site has counted, for good. */
export function deleteInsights(): Promise<unknown> {
  return unwrap(api.DELETE('/api/insights'));
}
