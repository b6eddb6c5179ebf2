import { unwrap } from '@vitrine/api-client';
import { api } from '../../../lib/api-client';

/** Deletes an item for good, with its images and its history. */
export function deleteTrashItem(trashId: string): Promise<unknown> {
  return unwrap(api.DELETE('/api/trash/{trashId}', { params: { path: { trashId } } }));
}
