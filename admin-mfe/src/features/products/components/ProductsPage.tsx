import type { Product } from '@vitrine/api-client';
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
import { deleteProduct } from '../api/delete-product';
import { useProductCategories } from '../api/get-product-categories';
import { useProducts } from '../api/get-products';

/** /admin/product: every project, published or not. */
export function ProductsPage() {
  const list = useListParams('-createdAt', ['category'] as const);
  const { category } = list.filters;
  const products = useProducts({ ...list.query, ...(category ? { category } : {}) });
  const categories = useProductCategories();
  const confirmDelete = useConfirmDelete();
  const rows = products.data?.items ?? [];

  const columns: DataTableColumn<Product>[] = [
    {
      key: 'ProductName',
      header: 'Name',
      sortable: true,
      className: 'adm-col-name',
      render: (p) => <strong>{p.ProductName}</strong>,
    },
    { key: 'ProductCategory', header: 'Category', sortable: true },
    {
      key: 'ProductPrice',
      header: 'Value',
      sortable: true,
      className: 'adm-nowrap',
      render: (p) => formatPrice(p.ProductPrice),
    },
    {
      key: 'ProductHeading',
      header: 'Heading',
      className: 'adm-col-text',
      render: (p) => <span className="adm-clip">{p.ProductHeading}</span>,
    },
    { key: 'ProductStatus', header: 'Status', sortable: true },
    { key: 'ProductClient', header: 'Client' },
    { key: 'ProductLocation', header: 'Location' },
    { key: 'ProductSize', header: 'Size' },
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
          name={p.ProductName}
          editTo={adminPath(`edit-product/${p._id}`)}
          onDelete={() =>
            void confirmDelete({
              title: `Delete the project “${p.ProductName}”?`,
              message:
                'It disappears from the site at once, with its image. This cannot be undone.',
              run: () => deleteProduct(p._id),
              done: 'Project deleted',
              onDone: () => {
                refreshAfterDelete(list, rows.length, products.refetch);
                categories.refetch();
              },
            })
          }
        />
      ),
    },
  ];

  const categoryNames = (categories.data ?? []).map((c) => c.ProductCategory);
  if (category && !categoryNames.includes(category)) categoryNames.push(category);

  return (
    <>
      <PageHeader
        title="Projects"
        description="Projects and products shown on the site; drafts stay hidden from visitors."
        actions={
          <Link className={linkButtonClass('primary')} to={adminPath('add-product')}>
            <Icon name="plus" size={18} />
            Add project
          </Link>
        }
      />
      <ListToolbar searchLabel="Search projects" q={list.q} onSearch={list.setQ}>
        <SelectField
          label="Category"
          placeholder="All categories"
          options={categoryNames.map((name) => ({ value: name, label: name }))}
          value={category}
          onChange={(event) => list.setFilter('category', event.target.value)}
        />
      </ListToolbar>
      <ListTable
        caption="Projects"
        columns={columns}
        list={list}
        state={products}
        rowKey={(p) => p._id}
        filtered={Boolean(category)}
        emptyTitle="No projects yet"
        emptyAction={
          <Link className={linkButtonClass('secondary')} to={adminPath('add-product')}>
            Add the first project
          </Link>
        }
      />
    </>
  );
}
