import type { TrashEntry } from '@vitrine/api-client';
import { TRASH_TYPES, type TrashType } from '@vitrine/contracts';
import { FormError, useConfirm, useToast, type DataTableColumn } from '@vitrine/ui';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Badge } from '../../components/Badge';
import { Icon } from '../../components/Icon';
import { ListFilter } from '../../components/ListFilter';
import { ListScreen } from '../../components/ListScreen';
import { Thumb } from '../../components/Thumb';
import { errorMessage, fieldErrorsOf, isUnauthorized } from '../../lib/errors';
import { formatDateTime } from '../../lib/format';
import { refreshAfterDelete } from '../../lib/list';
import { useDeleteFromList } from '../../lib/use-confirm-delete';
import { useListParams } from '../../lib/use-list-params';
import { deleteTrashItem } from '../../features/trash/api/delete-trash-item';
import { useTrash } from '../../features/trash/api/get-trash';
import { restoreTrashItem } from '../../features/trash/api/restore-trash-item';
import '../../components/row-actions.css';

/** How the menu calls each kind, and the queries that show it (refreshed after a restore). */
const KINDS: Record<TrashType, { label: string; one: string; queries: string[] }> = {
  product: { label: 'Projects', one: 'project', queries: ['product'] },
  service: { label: 'Services', one: 'service', queries: ['service'] },
  review: { label: 'Reviews', one: 'review', queries: ['reviews', 'review'] },
  gallery: { label: 'Gallery', one: 'gallery image', queries: ['gallery'] },
  user: { label: 'Users', one: 'user', queries: ['users', 'user'] },
};

const TYPE_OPTIONS = TRASH_TYPES.map((type) => ({ value: type, label: KINDS[type].label }));

/** The field names a 409 gives, as the forms label them. */
const FIELD_LABELS: Record<string, string> = {
  UserName: 'User name',
  Email: 'E-mail',
  slug: 'Address (slug)',
};

const isTrashType = (value: string): value is TrashType =>
  (TRASH_TYPES as readonly string[]).includes(value);

/**
 * /admin/trash: what was deleted, by whom and when, and when it goes for good. Each item
 * can be restored as it was or deleted for good; a restore a live item blocks says which
 * field clashes, and stays on the screen until the next try.
 */
export function TrashPage() {
  const list = useListParams('-deletedAt', ['type'] as const);
  const type = isTrashType(list.filters.type) ? list.filters.type : undefined;
  const trash = useTrash({ ...list.query, ...(type ? { type } : {}) });
  const queryClient = useQueryClient();
  const ask = useConfirm();
  const toast = useToast();
  const deleteFromList = useDeleteFromList(list, trash);
  const [restoring, setRestoring] = useState<string | null>(null);
  const [blocked, setBlocked] = useState<{ name: string; message: string; fields: string[] }>();
  const rows = trash.data?.items ?? [];

  const label = (entry: TrashEntry) => `the ${KINDS[entry.type].one} “${entry.name}”`;

  async function restore(entry: TrashEntry) {
    const yes = await ask({
      title: `Restore ${label(entry)}?`,
      message: 'It goes back to its list as it was, with its images, address and published state.',
      confirmLabel: 'Restore',
    });
    if (!yes) return;
    setRestoring(entry._id);
    setBlocked(undefined);
    try {
      await restoreTrashItem(entry._id);
      toast.success(`Restored ${label(entry)}`);
      refreshAfterDelete(list, rows.length, () => void trash.refetch());
      void queryClient.invalidateQueries({
        predicate: (query) => KINDS[entry.type].queries.includes(String(query.queryKey[0])),
      });
    } catch (error) {
      if (isUnauthorized(error)) return;
      const fields = Object.keys(fieldErrorsOf(error));
      const message = errorMessage(error, 'The restore did not go through');
      setBlocked({ name: label(entry), message, fields });
      toast.error(message);
    } finally {
      setRestoring(null);
    }
  }

  const columns: DataTableColumn<TrashEntry>[] = [
    {
      key: 'image',
      header: 'Image',
      width: '4.5rem',
      render: (entry) => (entry.image ? <Thumb media={entry.image} /> : null),
    },
    {
      key: 'name',
      header: 'Name',
      sortable: true,
      width: '10rem',
      render: (entry) => entry.name || '—',
    },
    {
      key: 'type',
      header: 'Type',
      sortable: true,
      width: '6.25rem',
      render: (entry) => <Badge>{KINDS[entry.type].one}</Badge>,
    },
    {
      key: 'deletedBy',
      header: 'Deleted by',
      width: '7rem',
      optional: true,
      render: (entry) => entry.deletedBy?.UserName ?? '—',
    },
    {
      key: 'deletedAt',
      header: 'Deleted',
      sortable: true,
      className: 'adm-nowrap',
      width: '10.25rem',
      render: (entry) => formatDateTime(entry.deletedAt),
    },
    {
      key: 'purgeAt',
      header: 'Deleted for good',
      className: 'adm-nowrap',
      width: '10.25rem',
      optional: true,
      render: (entry) => formatDateTime(entry.purgeAt),
    },
    {
      key: 'actions',
      header: 'Actions',
      className: 'adm-actions-cell',
      // Restore and Delete forever, on one line.
      width: '17.5rem',
      render: (entry) => (
        <div className="adm-row-actions">
          <button
            type="button"
            className="adm-row-action"
            aria-label={`Restore ${entry.name}`}
            disabled={restoring === entry._id}
            onClick={() => void restore(entry)}
          >
            <Icon name="back" size={16} />
            <span aria-hidden="true">Restore</span>
          </button>
          <button
            type="button"
            className="adm-row-action adm-row-action--danger"
            aria-label={`Delete forever: ${entry.name}`}
            onClick={() =>
              deleteFromList({
                title: `Delete ${label(entry)} forever?`,
                message: 'It and its images are removed for good. This cannot be undone.',
                run: () => deleteTrashItem(entry._id),
                done: `Deleted ${label(entry)} forever`,
              })
            }
          >
            <Icon name="trash" size={16} />
            <span aria-hidden="true">Delete forever</span>
          </button>
        </div>
      ),
    },
  ];

  return (
    <ListScreen
      title="Trash"
      description="Deleted projects, services, reviews, gallery images and users. Each can be restored as it was until it is deleted for good."
      notice={
        <FormError
          title={blocked ? `Could not restore ${blocked.name}` : undefined}
          message={blocked?.message}
          errors={blocked?.fields.map((field) => ({
            message: `${FIELD_LABELS[field] ?? field}: already used by a live item`,
          }))}
        />
      }
      list={list}
      searchLabel="Search the trash"
      filters={
        <ListFilter
          list={list}
          name="type"
          label="Type"
          placeholder="Everything"
          options={TYPE_OPTIONS}
          value={type ?? ''}
        />
      }
      columns={columns}
      state={trash}
      rowKey={(entry) => entry._id}
      filtered={Boolean(type)}
      emptyTitle="The trash is empty"
    />
  );
}
