import { unwrap, type InsightsProductCount } from '@vitrine/api-client';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { InsightsRange } from '../insights-range';
import { insightsKey, insightsQuery } from './insights-query';

/** The products most viewed over the range, with their visitors, enquiries and conversion. */
export function getInsightsProducts(
  range: InsightsRange,
  signal?: AbortSignal,
): Promise<InsightsProductCount[]> {
  return unwrap(
    api.GET('/api/insights/products', { params: { query: insightsQuery(range) }, signal }),
  );
}

export const insightsProductsQueryOptions = (range: InsightsRange) =>
  queryOptions({
    queryKey: insightsKey('products', range),
    queryFn: ({ signal }) => getInsightsProducts(range, signal),
  });

export function useInsightsProducts(range: InsightsRange) {
  return useQuery(insightsProductsQueryOptions(range));
}
