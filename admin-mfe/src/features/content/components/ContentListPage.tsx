import { SelectField, linkButtonClass } from '@vitrine/ui';
import { Link } from 'react-router-dom';
import { AddLink } from '../../../components/AddLink';
import { ListTable, refreshAfterDelete } from '../../../components/ListTable';
import { ListToolbar } from '../../../components/ListToolbar';
import { PageHeader } from '../../../components/PageHeader';
import { RowActions } from '../../../components/RowActions';
import { adminPath } from '../../../lib/paths';
import { useConfirmDelete } from '../../../lib/useConfirmDelete';
import { useListParams } from '../../../lib/useListParams';
import { deleteContent } from '../api/delete-content';
import { useContentCategories } from '../api/get-content-categories';
import { useContentList } from '../api/get-content-list';
import { capitalize, textOf, type ContentRecord, type ContentType } from '../content-type';
import { contentColumns } from './content-columns';

/** /admin/<slug>: every record of the type, published or not, to search and filter. */
export function ContentListPage<P extends string, X extends string>({
  type,
}: {
  type: ContentType<P, X>;
}) {
  const list = useListParams('-createdAt', ['category'] as const);
  const { category } = list.filters;
  const records = useContentList(type, { ...list.query, ...(category ? { category } : {}) });
  const categories = useContentCategories(type);
  const confirmDelete = useConfirmDelete();
  const rows = records.data?.items ?? [];
  const title = capitalize(type.many);

  function askToDelete(record: ContentRecord<P, X>) {
    void confirmDelete({
      title: `Delete the ${type.one} “${textOf(type, record, 'Name')}”?`,
      message:
        'It disappears from the site at once. It stays in the Trash with its image, where it can be restored until it is deleted for good.',
      run: () => deleteContent(type, record._id),
      done: `${capitalize(type.one)} deleted`,
      onDone: () => {
        refreshAfterDelete(list, rows.length, records.refetch);
        categories.refetch();
      },
    });
  }

  const columns = contentColumns(type, (record) => (
    <RowActions
      name={textOf(type, record, 'Name')}
      editTo={adminPath(`edit-${type.slug}/${record._id}`)}
      onDelete={() => askToDelete(record)}
    />
  ));

  // A category in the address that no record uses (any more) is still offered, so the
  // select shows the filter that is on.
  const categoryNames = [...(categories.data ?? [])];
  if (category && !categoryNames.includes(category)) categoryNames.push(category);

  return (
    <>
      <PageHeader
        title={title}
        description={type.listDescription}
        actions={<AddLink to={adminPath(`add-${type.slug}`)}>{`Add ${type.one}`}</AddLink>}
      />
      <ListToolbar searchLabel={`Search ${type.many}`} q={list.q} onSearch={list.setQ}>
        <SelectField
          label="Category"
          placeholder="All categories"
          options={categoryNames.map((name) => ({ value: name, label: name }))}
          value={category}
          onChange={(event) => list.setFilter('category', event.target.value)}
        />
      </ListToolbar>
      <ListTable
        caption={title}
        columns={columns}
        list={list}
        state={records}
        rowKey={(record) => record._id}
        filtered={Boolean(category)}
        emptyTitle={`No ${type.many} yet`}
        emptyAction={
          <Link className={linkButtonClass('secondary')} to={adminPath(`add-${type.slug}`)}>
            {`Add the first ${type.one}`}
          </Link>
        }
      />
    </>
  );
}
