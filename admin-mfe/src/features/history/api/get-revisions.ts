import { unwrap, type Revision } from '@vitrine/api-client';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { historyKey, type HistoryTarget } from './history-target';

/** The item's changes, newest first, each with the fields it changed from what to what. */
export function getRevisions(target: HistoryTarget, signal?: AbortSignal): Promise<Revision[]> {
  switch (target.entity) {
    case 'product':
      return unwrap(
        api.GET('/api/product/{id}/revisions', { params: { path: { id: target.id } }, signal }),
      );
    case 'service':
      return unwrap(
        api.GET('/api/service/{id}/revisions', { params: { path: { id: target.id } }, signal }),
      );
    case 'review':
      return unwrap(
        api.GET('/api/reviews/{id}/revisions', { params: { path: { id: target.id } }, signal }),
      );
    case 'settings':
      return unwrap(api.GET('/api/settings/revisions', { signal }));
  }
}

export const revisionsQueryOptions = (target: HistoryTarget, savedAt?: string | null) =>
  queryOptions({
    queryKey: [...historyKey(target), savedAt ?? null],
    queryFn: ({ signal }) => getRevisions(target, signal),
  });

/** Loads only when `enabled` (the panel is open), and again after each save (`savedAt`). */
export function useRevisions(target: HistoryTarget, enabled: boolean, savedAt?: string | null) {
  return useQuery({ ...revisionsQueryOptions(target, savedAt), enabled });
}
