import { unwrap } from '@vitrine/api-client';
import type { RemoteName } from '@vitrine/contracts';
import { api } from '../../../lib/api-client';

/**
 * Moves `remote`'s pointer in `environment` to `version`, published before; resolves to the
 * version it names now. A 404 when the version was never published.
 */
export async function promoteVersion(
  remote: RemoteName,
  version: string,
  environment: string,
): Promise<string> {
  const moved = await unwrap(
    api.POST('/api/deployments/{remote}/promote', {
      params: { path: { remote } },
      body: { version, environment },
    }),
  );
  return moved.current;
}
