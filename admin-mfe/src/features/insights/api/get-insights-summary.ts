import { unwrap, type InsightsSummary } from '@vitrine/api-client';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { InsightsRange } from '../insights-range';
import { insightsKey, insightsQuery } from './insights-query';

/** Views and visitors per day over the range and the same days before, and who is live. */
export function getInsightsSummary(
  range: InsightsRange,
  signal?: AbortSignal,
): Promise<InsightsSummary> {
  return unwrap(
    api.GET('/api/insights/summary', { params: { query: insightsQuery(range) }, signal }),
  );
}

/** Live visitors change by the minute: the summary is asked for again every minute. */
export const LIVE_REFRESH_MS = 60_000;

export const insightsSummaryQueryOptions = (range: InsightsRange) =>
  queryOptions({
    queryKey: insightsKey('summary', range),
    queryFn: ({ signal }) => getInsightsSummary(range, signal),
    refetchInterval: LIVE_REFRESH_MS,
  });

export function useInsightsSummary(range: InsightsRange) {
  return useQuery(insightsSummaryQueryOptions(range));
}
