import { unwrap, type Schemas } from '@vitrine/api-client';
import { api } from '../../../lib/api-client';

export type Credentials = Schemas['LoginDto'];

/** Signs in; resolves with the token, or rejects with an ApiError (401 Wrong Credentials, 429…). */
export async function login(credentials: Credentials): Promise<string> {
  const { token } = await unwrap(api.POST('/api/user/login', { body: credentials }));
  return token;
}
