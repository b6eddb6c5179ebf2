import { unwrap, type User } from '@vitrine/api-client';
import { api } from '../../../lib/api';
import { useQuery } from '../../../lib/useQuery';

export function getUser(id: string, signal?: AbortSignal): Promise<User> {
  return unwrap(api.GET('/api/user/{id}', { params: { path: { id } }, signal }));
}

/** One user; `id: undefined` waits. */
export function useUser(id: string | undefined) {
  return useQuery(id ?? null, (signal) => getUser(id ?? '', signal));
}
