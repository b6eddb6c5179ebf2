import { unwrap, type InsightsProductNumbers } from '@vitrine/api-client';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { InsightsRange } from '../insights-range';
import { insightsKey, insightsQuery } from './insights-query';

/** One product's views, visitors and enquiries over the range, by the slug of its page. */
export function getProductInsights(
  slug: string,
  range: InsightsRange,
  signal?: AbortSignal,
): Promise<InsightsProductNumbers> {
  return unwrap(
    api.GET('/api/insights/products/{slug}', {
      params: { path: { slug }, query: insightsQuery(range) },
      signal,
    }),
  );
}

export const productInsightsQueryOptions = (slug: string, range: InsightsRange) =>
  queryOptions({
    queryKey: [...insightsKey('product', range), slug],
    queryFn: ({ signal }) => getProductInsights(slug, range, signal),
  });

export function useProductInsights(slug: string, range: InsightsRange) {
  return useQuery(productInsightsQueryOptions(slug, range));
}
