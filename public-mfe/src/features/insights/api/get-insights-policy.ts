import { apiQuery } from '../../../lib/api-query';

/** How long the API keeps the visit statistics (INSIGHTS_RETENTION_MONTHS), for the privacy note. */
export const insightsPolicyQuery = apiQuery(
  () => ['insights', 'policy'],
  (api, signal) => api.GET('/api/insights/policy', { signal }),
);
