import { unwrap } from '@vitrine/api-client';
import { api } from '../../../lib/api-client';

/** Changes the signed-in user's password: every other session ends; the answer is this one's token. */
export function changePassword(CurrentPassword: string, Password: string): Promise<string> {
  return unwrap(api.PUT('/api/account/password', { body: { CurrentPassword, Password } })).then(
    ({ token }) => token,
  );
}
