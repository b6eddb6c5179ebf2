import { unwrap, type ApiTokenWithSecret, type Schemas } from '@vitrine/api-client';
import { api } from '../../../lib/api-client';

export type NewToken = Schemas['CreateApiTokenDto'];

/** Creates a token: the answer is the only time its secret is shown. */
export function createToken(body: NewToken): Promise<ApiTokenWithSecret> {
  return unwrap(api.POST('/api/tokens', { body }));
}
