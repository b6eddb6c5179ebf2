import { unwrap, type InsightsReferrers } from '@vitrine/api-client';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { InsightsRange } from '../insights-range';
import { insightsKey, insightsQuery } from './insights-query';

/** Where visitors came from over the range: by group (search, social…) and by host. */
export function getInsightsReferrers(
  range: InsightsRange,
  signal?: AbortSignal,
): Promise<InsightsReferrers> {
  return unwrap(
    api.GET('/api/insights/referrers', { params: { query: insightsQuery(range) }, signal }),
  );
}

export const insightsReferrersQueryOptions = (range: InsightsRange) =>
  queryOptions({
    queryKey: insightsKey('referrers', range),
    queryFn: ({ signal }) => getInsightsReferrers(range, signal),
  });

export function useInsightsReferrers(range: InsightsRange) {
  return useQuery(insightsReferrersQueryOptions(range));
}
