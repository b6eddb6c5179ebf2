import type { Service } from '@vitrine/api-client';
import { SelectField, linkButtonClass, type DataTableColumn } from '@vitrine/ui';
import { Link } from 'react-router-dom';
import { Icon } from '../../../components/Icon';
import { ListTable, refreshAfterDelete } from '../../../components/ListTable';
import { ListToolbar } from '../../../components/ListToolbar';
import { PageHeader } from '../../../components/PageHeader';
import { RowActions } from '../../../components/RowActions';
import { Thumb } from '../../../components/Thumb';
import { formatPrice } from '../../../lib/format';
import { adminPath } from '../../../lib/paths';
import { useConfirmDelete } from '../../../lib/useConfirmDelete';
import { useListParams } from '../../../lib/useListParams';
import { deleteService } from '../api/delete-service';
import { useServiceCategories } from '../api/get-service-categories';
import { useServices } from '../api/get-services';

/** /admin/service: every service, published or not. */
export function ServicesPage() {
  const list = useListParams('-createdAt', ['category'] as const);
  const { category } = list.filters;
  const services = useServices({ ...list.query, ...(category ? { category } : {}) });
  const categories = useServiceCategories();
  const confirmDelete = useConfirmDelete();
  const rows = services.data?.items ?? [];

  const columns: DataTableColumn<Service>[] = [
    {
      key: 'ServiceName',
      header: 'Name',
      sortable: true,
      className: 'adm-col-name',
      render: (p) => <strong>{p.ServiceName}</strong>,
    },
    { key: 'ServiceCategory', header: 'Category', sortable: true },
    {
      key: 'ServicePrice',
      header: 'Value',
      sortable: true,
      className: 'adm-nowrap',
      render: (p) => formatPrice(p.ServicePrice),
    },
    {
      key: 'ServiceHeading',
      header: 'Heading',
      className: 'adm-col-text',
      render: (p) => <span className="adm-clip">{p.ServiceHeading}</span>,
    },
    { key: 'ServiceStatus', header: 'Status', sortable: true },
    { key: 'image', header: 'Image', render: (p) => <Thumb media={p.media} /> },
    {
      key: 'published',
      header: 'Published',
      render: (p) =>
        p.published ? (
          <span className="adm-badge adm-badge--success">Published</span>
        ) : (
          <span className="adm-badge">Draft</span>
        ),
    },
    {
      key: 'actions',
      header: 'Actions',
      className: 'adm-actions-cell',
      render: (p) => (
        <RowActions
          name={p.ServiceName}
          editTo={adminPath(`edit-service/${p._id}`)}
          onDelete={() =>
            void confirmDelete({
              title: `Delete the service “${p.ServiceName}”?`,
              message:
                'It disappears from the site at once, with its image. This cannot be undone.',
              run: () => deleteService(p._id),
              done: 'Service deleted',
              onDone: () => {
                refreshAfterDelete(list, rows.length, services.refetch);
                categories.refetch();
              },
            })
          }
        />
      ),
    },
  ];

  const categoryNames = (categories.data ?? []).map((c) => c.ServiceCategory);
  if (category && !categoryNames.includes(category)) categoryNames.push(category);

  return (
    <>
      <PageHeader
        title="Services"
        description="Services offered on the site; drafts stay hidden from visitors."
        actions={
          <Link className={linkButtonClass('primary')} to={adminPath('add-service')}>
            <Icon name="plus" size={18} />
            Add service
          </Link>
        }
      />
      <ListToolbar searchLabel="Search services" q={list.q} onSearch={list.setQ}>
        <SelectField
          label="Category"
          placeholder="All categories"
          options={categoryNames.map((name) => ({ value: name, label: name }))}
          value={category}
          onChange={(event) => list.setFilter('category', event.target.value)}
        />
      </ListToolbar>
      <ListTable
        caption="Services"
        columns={columns}
        list={list}
        state={services}
        rowKey={(p) => p._id}
        filtered={Boolean(category)}
        emptyTitle="No services yet"
        emptyAction={
          <Link className={linkButtonClass('secondary')} to={adminPath('add-service')}>
            Add the first service
          </Link>
        }
      />
    </>
  );
}
