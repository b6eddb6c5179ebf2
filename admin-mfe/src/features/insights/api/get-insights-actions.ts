import { unwrap, type InsightsActionCount } from '@vitrine/api-client';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { InsightsRange } from '../insights-range';
import { insightsKey, insightsQuery } from './insights-query';

/** WhatsApp chats, calls, e-mails and forms sent over the range, every action listed. */
export function getInsightsActions(
  range: InsightsRange,
  signal?: AbortSignal,
): Promise<InsightsActionCount[]> {
  return unwrap(
    api.GET('/api/insights/actions', { params: { query: insightsQuery(range) }, signal }),
  );
}

export const insightsActionsQueryOptions = (range: InsightsRange) =>
  queryOptions({
    queryKey: insightsKey('actions', range),
    queryFn: ({ signal }) => getInsightsActions(range, signal),
  });

export function useInsightsActions(range: InsightsRange) {
  return useQuery(insightsActionsQueryOptions(range));
}
