import type { AuditEntry } from '@vitrine/api-client';
import { api } from '../../../lib/api';
import { unwrapList, type ListPage } from '../../../lib/list';
import type { ListQuery } from '../../../lib/useListParams';
import { useQuery } from '../../../lib/useQuery';

/** `category` filters by entity (the API path's first segment: product, user…). */
export function getAuditLog(
  query: ListQuery & { category?: string },
  signal?: AbortSignal,
): Promise<ListPage<AuditEntry>> {
  return unwrapList(api.GET('/api/audit', { params: { query }, signal }));
}

export function useAuditLog(query: ListQuery & { category?: string }) {
  return useQuery(JSON.stringify(query), (signal) => getAuditLog(query, signal));
}
