import { linkButtonClass } from '@vitrine/ui';
import { Link } from 'react-router-dom';
import { AddLink } from '../../../components/AddLink';
import { ListFilter } from '../../../components/ListFilter';
import {
  MissingTranslationFilter,
  missingLanguage,
} from '../../../components/translation/MissingTranslationFilter';
import { ListScreen } from '../../../components/ListScreen';
import { RowActions } from '../../../components/RowActions';
import { adminPath } from '../../../lib/paths';
import { useSiteLanguages, type LocaleCode } from '../../../lib/site-languages';
import { useDeleteFromList } from '../../../lib/use-confirm-delete';
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
  const list = useListParams('-createdAt', ['category', 'show', 'missing'] as const);
  const { category, show } = list.filters;
  const featured = show === 'featured';
  const { others: languages, pending: languagesPending } = useSiteLanguages();
  // A language in the address that the site no longer has filters nothing.
  const missing = missingLanguage(list.filters.missing, languages);
  const records = useContentList(type, {
    ...list.query,
    ...(category ? { category } : {}),
    ...(featured ? { featured: true } : {}),
    // One of the site's languages, so one of LOCALES.
    ...(missing ? { missing: missing as LocaleCode } : {}),
  });
  const categories = useContentCategories(type);
  const deleteFromList = useDeleteFromList(list, records);
  const title = capitalize(type.many);

  function askToDelete(record: ContentRecord<P, X>) {
    deleteFromList({
      title: `Delete the ${type.one} “${textOf(type, record, 'Name')}”?`,
      message:
        'It disappears from the site at once. It stays in the Trash with its image, where it can be restored until it is deleted for good.',
      run: () => deleteContent(type, record._id),
      done: `${capitalize(type.one)} deleted`,
      onDone: () => void categories.refetch(),
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
    ...contentColumns(
      type,
      (record) => (
        <RowActions
          name={textOf(type, record, 'Name')}
          editTo={adminPath(`edit-${type.slug}/${record._id}`)}
          onDelete={() => askToDelete(record)}
        />
      ),
      languages,
    ),
  ];

  // A category in the address that no record uses (any more) is still offered, so the
  // select shows the filter that is on.
  const categoryNames = [...(categories.data ?? [])];
  if (category && !categoryNames.includes(category)) categoryNames.push(category);

  return (
    <ListScreen
      title={title}
      description={type.listDescription}
      actions={<AddLink to={adminPath(`add-${type.slug}`)}>{`Add ${type.one}`}</AddLink>}
      list={list}
      searchLabel={`Search ${type.many}`}
      filters={
        <>
          <ListFilter
            list={list}
            name="category"
            label="Category"
            placeholder="All categories"
            options={categoryNames.map((name) => ({ value: name, label: name }))}
          />
          <ListFilter
            list={list}
            name="show"
            label="Show"
            placeholder={`All ${type.many}`}
            options={[{ value: 'featured', label: 'Featured only' }]}
          />
          <MissingTranslationFilter list={list} languages={languages} />
        </>
      }
      hint={reorderHint(type, featured)}
      settling={languagesPending}
      columns={columns}
      state={records}
      rowKey={(record) => record._id}
      filtered={Boolean(category) || featured || Boolean(missing)}
      emptyTitle={`No ${type.many} yet`}
      emptyAction={
        <Link className={linkButtonClass('secondary')} to={adminPath(`add-${type.slug}`)}>
          {`Add the first ${type.one}`}
        </Link>
      }
      announcement={moves.announcement}
    />
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
