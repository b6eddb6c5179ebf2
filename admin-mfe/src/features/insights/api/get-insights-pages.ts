import { unwrap, type InsightsPageCount } from '@vitrine/api-client';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { InsightsRange } from '../insights-range';
import { insightsKey, insightsQuery } from './insights-query';

/** The pages most viewed over the range, most first. */
export function getInsightsPages(
  range: InsightsRange,
  signal?: AbortSignal,
): Promise<InsightsPageCount[]> {
  return unwrap(
    api.GET('/api/insights/pages', { params: { query: insightsQuery(range) }, signal }),
  );
}

export const insightsPagesQueryOptions = (range: InsightsRange) =>
  queryOptions({
    queryKey: insightsKey('pages', range),
    queryFn: ({ signal }) => getInsightsPages(range, signal),
  });

export function useInsightsPages(range: InsightsRange) {
  return useQuery(insightsPagesQueryOptions(range));
}
