import type { Review } from '@vitrine/api-client';
import { linkButtonClass, type DataTableColumn } from '@vitrine/ui';
import { Link } from 'react-router-dom';
import { AddLink } from '../../../components/AddLink';
import { Badge, publishedColumn } from '../../../components/Badge';
import { ListTable, refreshAfterDelete } from '../../../components/ListTable';
import { ListToolbar } from '../../../components/ListToolbar';
import { PageHeader } from '../../../components/PageHeader';
import { RowActions } from '../../../components/RowActions';
import { Thumb } from '../../../components/Thumb';
import { formatDate } from '../../../lib/format';
import { adminPath } from '../../../lib/paths';
import { useConfirmDelete } from '../../../lib/useConfirmDelete';
import { useListParams } from '../../../lib/useListParams';
import { deleteReview } from '../api/delete-review';
import { useReviews } from '../api/get-reviews';

const SHOWN_THUMBS = 4;

/** /admin/review: what clients said, with their photos. */
export function ReviewsPage() {
  const list = useListParams('-createdAt');
  const reviews = useReviews(list.query);
  const confirmDelete = useConfirmDelete();
  const rows = reviews.data?.items ?? [];

  const columns: DataTableColumn<Review>[] = [
    {
      key: 'ClientName',
      header: 'Client name',
      sortable: true,
      card: 'title',
      render: (r) => <strong>{r.ClientName}</strong>,
    },
    {
      key: 'ClientReview',
      header: 'Review',
      className: 'adm-col-text',
      card: 'hidden',
      render: (r) => <span className="adm-clip">{r.ClientReview}</span>,
    },
    {
      key: 'images',
      header: 'Photos',
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
      className: 'adm-nowrap',
      render: (r) => formatDate(r.createdAt),
    },
    publishedColumn<Review>('Hidden'),
    {
      key: 'actions',
      header: 'Actions',
      className: 'adm-actions-cell',
      card: 'actions',
      render: (r) => (
        <RowActions
          name={`the review by ${r.ClientName}`}
          editTo={adminPath(`edit-review/${r._id}`)}
          onDelete={() =>
            void confirmDelete({
              title: `Delete the review by ${r.ClientName}?`,
              message:
                'The review is removed from the site. It stays in the Trash with its photos, where it can be restored until it is deleted for good.',
              run: () => deleteReview(r._id),
              done: 'Review deleted',
              onDone: () => refreshAfterDelete(list, rows.length, reviews.refetch),
            })
          }
        />
      ),
    },
  ];

  return (
    <>
      <PageHeader
        title="Reviews"
        description="What clients said about the work, shown on the reviews page."
        actions={<AddLink to={adminPath('add-review')}>Add review</AddLink>}
      />
      <ListToolbar searchLabel="Search reviews" q={list.q} onSearch={list.setQ} />
      <ListTable
        caption="Reviews"
        columns={columns}
        list={list}
        state={reviews}
        rowKey={(r) => r._id}
        emptyTitle="No reviews yet"
        emptyAction={
          <Link className={linkButtonClass('secondary')} to={adminPath('add-review')}>
            Add the first review
          </Link>
        }
      />
    </>
  );
}
