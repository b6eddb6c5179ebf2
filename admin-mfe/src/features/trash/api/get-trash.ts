import type { TrashEntry } from '@vitrine/api-client';
import type { TrashType } from '@vitrine/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { listQueryOptions, unwrapList, type ListPage } from '../../../lib/list';
import type { ListQuery } from '../../../lib/use-list-params';

export type TrashQuery = ListQuery & { type?: TrashType };

/** What was deleted, newest first; `type` keeps one kind of item. */
export function getTrash(query: TrashQuery, signal?: AbortSignal): Promise<ListPage<TrashEntry>> {
  return unwrapList(api.GET('/api/trash', { params: { query }, signal }));
}

export const trashQueryOptions = (query: TrashQuery) =>
  listQueryOptions(['trash', query], (signal) => getTrash(query, signal));

export function useTrash(query: TrashQuery) {
  return useQuery(trashQueryOptions(query));
}
