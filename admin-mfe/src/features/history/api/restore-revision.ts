import { unwrap } from '@vitrine/api-client';
import { api } from '../../../lib/api-client';
import type { HistoryTarget } from './history-target';

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
