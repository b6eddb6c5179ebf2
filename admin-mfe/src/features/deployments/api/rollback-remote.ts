import { unwrap } from '@vitrine/api-client';
import type { RemoteName } from '@vitrine/contracts';
import { api } from '../../../lib/api-client';

/**
 * Moves `remote`'s pointer in `environment` back to the version it named before; resolves
 * to the version it names now. A 409 when there is nothing to go back to, or the pointer
 * moved meanwhile.
 */
export async function rollbackRemote(remote: RemoteName, environment: string): Promise<string> {
  const moved = await unwrap(
    api.POST('/api/deployments/{remote}/rollback', {
      params: { path: { remote } },
      body: { environment },
    }),
  );
  return moved.current;
}
