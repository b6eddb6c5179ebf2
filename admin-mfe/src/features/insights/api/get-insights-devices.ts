import { unwrap, type InsightsDeviceCount } from '@vitrine/api-client';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { InsightsRange } from '../insights-range';
import { insightsKey, insightsQuery } from './insights-query';

/** Views from phones, tablets and desktops over the range. */
export function getInsightsDevices(
  range: InsightsRange,
  signal?: AbortSignal,
): Promise<InsightsDeviceCount[]> {
  return unwrap(
    api.GET('/api/insights/devices', { params: { query: insightsQuery(range) }, signal }),
  );
}

export const insightsDevicesQueryOptions = (range: InsightsRange) =>
  queryOptions({
    queryKey: insightsKey('devices', range),
    queryFn: ({ signal }) => getInsightsDevices(range, signal),
  });

export function useInsightsDevices(range: InsightsRange) {
  return useQuery(insightsDevicesQueryOptions(range));
}
