import type { AuditEntry } from '@vitrine/api-client';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { listQueryOptions, unwrapList, type ListPage } from '../../../lib/list';
import type { ListQuery } from '../../../lib/use-list-params';

export type AuditQuery = ListQuery & { category?: string };

/** `category` filters by entity (the API path's first segment: product, user…). */
export function getAuditLog(
  query: AuditQuery,
  signal?: AbortSignal,
): Promise<ListPage<AuditEntry>> {
  return unwrapList(api.GET('/api/audit', { params: { query }, signal }));
}

export const auditLogQueryOptions = (query: AuditQuery) =>
  listQueryOptions(['audit', query], (signal) => getAuditLog(query, signal));

export function useAuditLog(query: AuditQuery) {
  return useQuery(auditLogQueryOptions(query));
}
