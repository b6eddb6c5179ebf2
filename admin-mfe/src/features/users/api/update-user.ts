import { unwrap, type Schemas, type User } from '@vitrine/api-client';
import { api } from '../../../lib/api-client';

/** Without Password (or with an empty one) the current password stays. */
export type UserChanges = Schemas['UpdateUserDto'];

export function updateUser(id: string, body: UserChanges): Promise<User> {
  return unwrap(api.PUT('/api/user/{id}', { params: { path: { id } }, body }));
}
