import { useConfirm, useToast } from '@vitrine/ui';
import type { ReactNode } from 'react';
import { errorMessage, isUnauthorized } from './errors';
import { refreshAfterDelete, type ListPage } from './list';
import type { ListParams } from './use-list-params';

export interface DeleteRequest {
  /** The question, e.g. "Delete the project “Linen drapes”?". */
  title: string;
  message?: ReactNode;
  run(): Promise<unknown>;
  /** The toast after success, e.g. "Project deleted". */
  done: string;
  onDone?(): void;
}

/**
 * Delete through the accessible confirm dialog (danger tone, Cancel focused first), then a
 * toast and the caller's refresh. Resolves true when something was deleted.
 */
export function useConfirmDelete() {
  const askInDialog = useConfirm();
  const toast = useToast();
  return async function confirmDelete(request: DeleteRequest): Promise<boolean> {
    const yes = await askInDialog({
      title: request.title,
      message: request.message ?? 'This cannot be undone.',
      confirmLabel: 'Delete',
      tone: 'danger',
    });
    if (!yes) return false;
    try {
      await request.run();
    } catch (error) {
      if (!isUnauthorized(error)) toast.error(errorMessage(error, 'The delete did not go through'));
      return false;
    }
    toast.success(request.done);
    request.onDone?.();
    return true;
  };
}

/**
 * `confirmDelete` for a row of a list: once deleted, the list steps back a page if that was
 * the page's only row, or reloads; then the request's own `onDone`.
 */
export function useDeleteFromList(
  list: Pick<ListParams<string>, 'page' | 'setPage'>,
  state: { data?: ListPage<unknown>; refetch(): unknown },
) {
  const confirmDelete = useConfirmDelete();
  return (request: DeleteRequest) =>
    void confirmDelete({
      ...request,
      onDone: () => {
        refreshAfterDelete(list, state.data?.items.length ?? 0, () => void state.refetch());
        request.onDone?.();
      },
    });
}
