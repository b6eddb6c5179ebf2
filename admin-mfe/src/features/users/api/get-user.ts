import { unwrap, type User } from '@vitrine/api-client';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export function getUser(id: string, signal?: AbortSignal): Promise<User> {
  return unwrap(api.GET('/api/user/{id}', { params: { path: { id } }, signal }));
}

export const userQueryOptions = (id: string) =>
  queryOptions({ queryKey: ['user', id], queryFn: ({ signal }) => getUser(id, signal) });

/** One user; `id: undefined` waits. */
export function useUser(id: string | undefined) {
  return useQuery({ ...userQueryOptions(id ?? ''), enabled: id !== undefined });
}
