import { unwrap, type Schemas, type ShareLinkSecret } from '@vitrine/api-client';
import { api } from '../../../lib/api-client';

export type NewShareLink = Schemas['CreateShareLinkDto'];

/** Makes a share link: the answer is the only time the link itself is shown. */
export function createShareLink(body: NewShareLink): Promise<ShareLinkSecret> {
  return unwrap(api.POST('/api/previews/share', { body }));
}
