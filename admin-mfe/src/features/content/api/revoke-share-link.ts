import { unwrap } from '@vitrine/api-client';
import { api } from '../../../lib/api-client';

/** Ends a share link: its page says it was withdrawn from the client's next visit. */
export function revokeShareLink(id: string): Promise<unknown> {
  return unwrap(api.DELETE('/api/previews/share/{id}', { params: { path: { id } } }));
}
