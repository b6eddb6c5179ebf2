import { rangeKey, rangeQuery, type InsightsRange } from '../insights-range';

/** Every insights query's key starts so: deleting the statistics drops them all at once. */
export const INSIGHTS_KEY = ['insights'] as const;

export const insightsKey = (what: string, range: InsightsRange) =>
  [...INSIGHTS_KEY, what, rangeKey(range)] as const;

export const insightsQuery = rangeQuery;
