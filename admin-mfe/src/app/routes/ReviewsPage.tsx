import type { Review } from '@vitrine/api-client';
import { linkButtonClass, type DataTableColumn } from '@vitrine/ui';
import { Link } from 'react-router-dom';
import { AddLink } from '../../components/AddLink';
import { Badge, publishedColumn } from '../../components/Badge';
import { ListFilter } from '../../components/ListFilter';
import { ListScreen } from '../../components/ListScreen';
import { ROW_ACTIONS_WIDTH, RowActions } from '../../components/RowActions';
import { Thumb } from '../../components/Thumb';
import { formatDate } from '../../lib/format';
import { adminPath } from '../../lib/paths';
import { languageName, useSiteLanguages } from '../../lib/site-languages';
import { useDeleteFromList } from '../../lib/use-confirm-delete';
import { formatSort, PAGE_SIZE, useListParams } from '../../lib/use-list-params';
import { placeColumn, useListMove } from '../../components/place-column';
import { deleteReview } from '../../features/reviews/api/delete-review';
import { moveReview, useReviews } from '../../features/reviews/api/get-reviews';

const SHOWN_THUMBS = 4;

/** The language a review was written in (issue 36), if the API says. */
const languageOf = (review: Review): string | undefined =>
  (review as Review & { language?: string }).language;

/** /admin/review: what clients said, with their photos, in the order the site shows them. */
export function ReviewsPage() {
  const list = useListParams('-createdAt', ['show'] as const);
  const featured = list.filters.show === 'featured';
  const reviews = useReviews({ ...list.query, ...(featured ? { featured: true } : {}) });
  // Among the featured, their own order; otherwise the reviews page's.
  const placeKey = featured ? 'featuredOrder' : 'order';
  const moves = useListMove<Review>({
    move: (review, position) => moveReview(review._id, { [placeKey]: position }),
    list,
    refetch: reviews.refetch,
    what: (review) => `The review by ${review.ClientName}`,
  });
  const deleteFromList = useDeleteFromList(list, reviews);
  const { languages, pending: languagesPending } = useSiteLanguages();

  const columns: DataTableColumn<Review>[] = [
    placeColumn<Review>({
      key: placeKey,
      header: featured ? 'Featured place' : 'Place',
      offset: (list.page - 1) * PAGE_SIZE,
      total: reviews.data?.total ?? 0,
      nameOf: (review) => `the review by ${review.ClientName}`,
      enabled: formatSort(list.sort) === placeKey && !list.q,
      busy: moves.busy,
      onMove: (review, position, action) => void moves.onMove(review, position, action),
    }),
    {
      key: 'ClientName',
      header: 'Client name',
      sortable: true,
      width: '8rem',
      card: 'title',
      render: (r) => <strong>{r.ClientName}</strong>,
    },
    {
      key: 'ClientReview',
      header: 'Review',
      className: 'adm-col-text',
      width: '11.5rem',
      card: 'hidden',
      render: (r) => (
        <span className="adm-clip" lang={languageOf(r)}>
          {r.ClientReview}
        </span>
      ),
    },
    // The language the client wrote in, once the site has more than one (issue 36).
    ...(languages.length > 1
      ? [
          {
            key: 'language',
            header: 'Language',
            width: '5.5rem',
            optional: true,
            render: (r: Review) => {
              const code = languageOf(r);
              return code ? languageName(code) : '';
            },
          },
        ]
      : []),
    {
      key: 'images',
      header: 'Photos',
      width: '5.5rem',
      card: 'image',
      render: (r) =>
        r.media.length === 0 ? (
          <span className="adm-muted">None</span>
        ) : (
          <span className="adm-thumbs">
            {r.media.slice(0, SHOWN_THUMBS).map((media) => (
              <Thumb key={media.id} media={media} />
            ))}
            {r.media.length > SHOWN_THUMBS && <Badge>+{r.media.length - SHOWN_THUMBS}</Badge>}
            <span className="vt-visually-hidden">{`${r.media.length} photos`}</span>
          </span>
        ),
    },
    {
      key: 'createdAt',
      header: 'Date',
      sortable: true,
      width: '6.5rem',
      className: 'adm-nowrap',
      render: (r) => formatDate(r.createdAt),
    },
    publishedColumn<Review>('Hidden'),
    {
      key: 'actions',
      header: 'Actions',
      className: 'adm-actions-cell',
      width: ROW_ACTIONS_WIDTH,
      card: 'actions',
      render: (r) => (
        <RowActions
          name={`the review by ${r.ClientName}`}
          editTo={adminPath(`edit-review/${r._id}`)}
          onDelete={() =>
            deleteFromList({
              title: `Delete the review by ${r.ClientName}?`,
              message:
                'The review is removed from the site. It stays in the Trash with its photos, where it can be restored until it is deleted for good.',
              run: () => deleteReview(r._id),
              done: 'Review deleted',
            })
          }
        />
      ),
    },
  ];

  return (
    <ListScreen
      title="Reviews"
      description="What clients said about the work, shown on the reviews page."
      actions={<AddLink to={adminPath('add-review')}>Add review</AddLink>}
      list={list}
      searchLabel="Search reviews"
      filters={
        <ListFilter
          list={list}
          name="show"
          label="Show"
          placeholder="All reviews"
          options={[{ value: 'featured', label: 'Featured only' }]}
        />
      }
      hint={
        featured
          ? 'To change the order the home page shows them in, sort by Featured place.'
          : 'To change the order of the reviews on the site, sort by Place.'
      }
      settling={languagesPending}
      columns={columns}
      state={reviews}
      rowKey={(r) => r._id}
      filtered={featured}
      emptyTitle="No reviews yet"
      emptyAction={
        <Link className={linkButtonClass('secondary')} to={adminPath('add-review')}>
          Add the first review
        </Link>
      }
      announcement={moves.announcement}
    />
  );
}
