import { unwrap, type RestoredItem } from '@vitrine/api-client';
import { api } from '../../../lib/api-client';

/** Puts an item back in its list as it was; a 409 names the field a live item has taken. */
export function restoreTrashItem(trashId: string): Promise<RestoredItem> {
  return unwrap(api.POST('/api/trash/{trashId}/restore', { params: { path: { trashId } } }));
}
