import type { User } from '@vitrine/api-client';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { listQueryOptions, unwrapList, type ListPage } from '../../../lib/list';
import type { ListQuery } from '../../../lib/use-list-params';

export function getUsers(query: ListQuery, signal?: AbortSignal): Promise<ListPage<User>> {
  return unwrapList(api.GET('/api/user', { params: { query }, signal }));
}

export const usersQueryOptions = (query: ListQuery) =>
  listQueryOptions(['users', query], (signal) => getUsers(query, signal));

export function useUsers(query: ListQuery) {
  return useQuery(usersQueryOptions(query));
}
