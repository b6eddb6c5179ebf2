import { unwrap, type Schemas, type User } from '@vitrine/api-client';
import { api } from '../../../lib/api-client';

export type NewUser = Schemas['CreateUserDto'];

export function createUser(body: NewUser): Promise<User> {
  return unwrap(api.POST('/api/user', { body }));
}
