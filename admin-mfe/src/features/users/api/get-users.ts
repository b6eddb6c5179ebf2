import type { User } from '@vitrine/api-client';
import { api } from '../../../lib/api';
import { unwrapList, type ListPage } from '../../../lib/list';
import type { ListQuery } from '../../../lib/useListParams';
import { useQuery } from '../../../lib/useQuery';

export function getUsers(query: ListQuery, signal?: AbortSignal): Promise<ListPage<User>> {
  return unwrapList(api.GET('/api/user', { params: { query }, signal }));
}

export function useUsers(query: ListQuery) {
  return useQuery(JSON.stringify(query), (signal) => getUsers(query, signal));
}
