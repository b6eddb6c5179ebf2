import { SelectField, linkButtonClass } from '@vitrine/ui';
import { Link } from 'react-router-dom';
import { AddLink } from '../../../components/AddLink';
import { ListTable, refreshAfterDelete } from '../../../components/ListTable';
import { ListToolbar } from '../../../components/ListToolbar';
import { PageHeader } from '../../../components/PageHeader';
import { RowActions } from '../../../components/RowActions';
import { adminPath } from '../../../lib/paths';
import { useConfirmDelete } from '../../../lib/use-confirm-delete';
import { formatSort, PAGE_SIZE, useListParams } from '../../../lib/use-list-params';
import { placeColumn, useListMove } from '../../../components/place-column';
import { unwrap } from '@vitrine/api-client';
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
  const list = useListParams('-createdAt', ['category', 'show'] as const);
  const { category, show } = list.filters;
  const featured = show === 'featured';
  const records = useContentList(type, {
    ...list.query,
    ...(category ? { category } : {}),
    ...(featured ? { featured: true } : {}),
  });
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

  // Among the featured, their own order; otherwise the list's (a project's, its category's).
  const placeKey = featured ? 'featuredOrder' : 'order';
  const moves = useListMove<ContentRecord<P, X>>({
    move: (record, position) => unwrap(type.endpoints.move(record._id, { [placeKey]: position })),
    list,
    refetch: records.refetch,
    what: (record) => textOf(type, record, 'Name'),
  });
  const inOrder =
    formatSort(list.sort) === placeKey &&
    !list.q &&
    (featured ? !category : !type.orderedWithinCategory || Boolean(category));
  const place = placeColumn<ContentRecord<P, X>>({
    key: placeKey,
    header: featured ? 'Featured place' : 'Place',
    offset: (list.page - 1) * PAGE_SIZE,
    total: records.data?.total ?? 0,
    nameOf: (record) => textOf(type, record, 'Name'),
    enabled: inOrder,
    busy: moves.busy,
    onMove: (record, position, action) => void moves.onMove(record, position, action),
  });
  const columns = [
    place,
    ...contentColumns(type, (record) => (
      <RowActions
        name={textOf(type, record, 'Name')}
        editTo={adminPath(`edit-${type.slug}/${record._id}`)}
        onDelete={() => askToDelete(record)}
      />
    )),
  ];

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
        <SelectField
          label="Show"
          placeholder={`All ${type.many}`}
          options={[{ value: 'featured', label: 'Featured only' }]}
          value={show}
          onChange={(event) => list.setFilter('show', event.target.value)}
        />
      </ListToolbar>
      <p className="vt-field__hint">{reorderHint(type, featured)}</p>
      <ListTable
        caption={title}
        columns={columns}
        list={list}
        state={records}
        rowKey={(record) => record._id}
        filtered={Boolean(category) || featured}
        emptyTitle={`No ${type.many} yet`}
        emptyAction={
          <Link className={linkButtonClass('secondary')} to={adminPath(`add-${type.slug}`)}>
            {`Add the first ${type.one}`}
          </Link>
        }
      />
      <p className="vt-visually-hidden" aria-live="polite">
        {moves.announcement}
      </p>
    </>
  );
}

/** How to get the move buttons: the list sorted by its place (a project's, within a category). */
function reorderHint<P extends string, X extends string>(
  type: ContentType<P, X>,
  featured: boolean,
) {
  if (featured)
    return 'To change the order the home and About pages show them in, sort by Featured place.';
  return type.orderedWithinCategory
    ? `To change the order of a category's ${type.many} on the site, choose the category and sort by Place.`
    : `To change the order of the ${type.many} on the site, sort by Place.`;
}
