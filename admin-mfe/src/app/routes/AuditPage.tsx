import type { AuditEntry } from '@vitrine/api-client';
import type { DataTableColumn } from '@vitrine/ui';
import { Badge, type BadgeTone } from '../../components/Badge';
import { ListFilter } from '../../components/ListFilter';
import { ListScreen } from '../../components/ListScreen';
import { Link } from 'react-router-dom';
import { fieldLabel } from '../../lib/field-label';
import { formatDateTime } from '../../lib/format';
import { itemPath } from '../../lib/paths';
import { useListParams } from '../../lib/use-list-params';
import { useAuditLog } from '../../features/audit/api/get-audit';

/** The entities as the audit log names them (the API path), and how the menu calls them. */
const ENTITIES: ReadonlyArray<{ value: string; label: string }> = [
  { value: 'user', label: 'Users' },
  { value: 'product', label: 'Projects' },
  { value: 'service', label: 'Services' },
  { value: 'reviews', label: 'Reviews' },
  { value: 'gallery', label: 'Gallery' },
  { value: 'enquiries', label: 'Enquiries' },
  { value: 'settings', label: 'Settings' },
];

const ENTITY_LABEL = Object.fromEntries(ENTITIES.map((e) => [e.value, e.label]));

const ACTION_TONE = {
  create: 'success',
  update: 'accent',
  delete: 'danger',
  restore: 'warning',
  download: 'neutral',
} as const satisfies Record<string, BadgeTone>;

/** /admin/audit: who changed what, newest first. */
export function AuditPage() {
  const list = useListParams('-createdAt', ['entity'] as const);
  const { entity } = list.filters;
  const audit = useAuditLog({ ...list.query, ...(entity ? { category: entity } : {}) });

  const columns: DataTableColumn<AuditEntry>[] = [
    {
      key: 'createdAt',
      header: 'When',
      sortable: true,
      className: 'adm-nowrap',
      width: '11rem',
      render: (a) => formatDateTime(a.createdAt),
    },
    { key: 'actorName', header: 'Who', sortable: true, width: '5.5rem' },
    {
      key: 'action',
      header: 'What',
      sortable: true,
      width: '6.25rem',
      render: (a) => <Badge tone={ACTION_TONE[a.action]}>{a.action}</Badge>,
    },
    {
      key: 'entity',
      header: 'Entity',
      sortable: true,
      width: '6rem',
      render: (a) => ENTITY_LABEL[a.entity] ?? a.entity,
    },
    {
      key: 'itemName',
      header: 'Item',
      sortable: true,
      width: '17.5rem',
      card: 'title',
      render: (a) => {
        // A deleted item has no screen any more (the Trash has it).
        const to =
          a.action === 'delete' ? null : itemPath(a.entity, a.entityId ? String(a.entityId) : null);
        const name = a.itemName || (a.entity === 'settings' ? 'Site settings' : null);
        const what = ENTITY_LABEL[a.entity] ?? a.entity;
        if (!to) {
          return name ? (
            <span>
              {name}
              {a.action === 'delete' && <span className="adm-muted"> (deleted)</span>}
            </span>
          ) : (
            <span className="adm-muted">{a.entityId ? 'Deleted' : '—'}</span>
          );
        }
        return (
          <Link className="adm-link" to={to}>
            {name ?? `Open the item (${what})`}
          </Link>
        );
      },
    },
    {
      key: 'fields',
      header: 'Changed',
      width: '8rem',
      render: (a) =>
        a.fields?.length ? (
          a.fields.map((field) => fieldLabel(field)).join(', ')
        ) : (
          <span className="adm-muted">—</span>
        ),
    },
    {
      key: 'path',
      header: 'Request',
      width: '20rem',
      optional: true,
      card: 'hidden',
      render: (a) => (
        <code className="adm-code">
          {a.method} {a.path}
        </code>
      ),
    },
  ];

  return (
    <ListScreen
      title="Audit log"
      description="Every change an administrator made, newest first: who, to which item, and which fields."
      list={list}
      searchLabel="Search the log"
      filters={
        <ListFilter
          list={list}
          name="entity"
          label="Entity"
          placeholder="All entities"
          options={ENTITIES}
        />
      }
      columns={columns}
      state={audit}
      rowKey={(a) => a._id}
      filtered={Boolean(entity)}
      emptyTitle="Nothing has been changed yet"
    />
  );
}
