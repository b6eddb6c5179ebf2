import type { User } from '@vitrine/api-client';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { unwrapList, type ListPage } from '../../../lib/list';
import type { ListQuery } from '../../../lib/use-list-params';

export function getUsers(query: ListQuery, signal?: AbortSignal): Promise<ListPage<User>> {
  return unwrapList(api.GET('/api/user', { params: { query }, signal }));
}

export const usersQueryOptions = (query: ListQuery) =>
  queryOptions({
    queryKey: ['users', query],
    queryFn: ({ signal }) => getUsers(query, signal),
    placeholderData: keepPreviousData,
  });

export function useUsers(query: ListQuery) {
  return useQuery(usersQueryOptions(query));
}
