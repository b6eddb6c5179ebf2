import { unwrap, type Revision } from '@vitrine/api-client';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from './api-client';

/*
 * The revisions API: an item's saved changes, and bringing back the version one replaced.
 * Shared by the History panel of every edit screen (projects and services through the content
 * form, reviews, settings), so it sits below the features that show it.
 */

/** Whose history: a project, service or review by its id, or the one site settings. */
export type HistoryTarget =
  { entity: 'product' | 'service' | 'review'; id: string } | { entity: 'settings' };

export const historyKey = (target: HistoryTarget) =>
  ['history', target.entity, 'id' in target ? target.id : null] as const;

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

/** Brings back the version a change replaced; the API keeps the one it replaces in turn. */
export function restoreRevision(target: HistoryTarget, revisionId: string): Promise<unknown> {
  switch (target.entity) {
    case 'product':
      return unwrap(
        api.POST('/api/product/{id}/revisions/{revisionId}/restore', {
          params: { path: { id: target.id, revisionId } },
        }),
      );
    case 'service':
      return unwrap(
        api.POST('/api/service/{id}/revisions/{revisionId}/restore', {
          params: { path: { id: target.id, revisionId } },
        }),
      );
    case 'review':
      return unwrap(
        api.POST('/api/reviews/{id}/revisions/{revisionId}/restore', {
          params: { path: { id: target.id, revisionId } },
        }),
      );
    case 'settings':
      return unwrap(
        api.POST('/api/settings/revisions/{revisionId}/restore', {
          params: { path: { revisionId } },
        }),
      );
  }
}
