import { EmptyState } from '@vitrine/ui';
import { PageIntro } from '../../components/PageIntro';
import { QueryStatus } from '../../components/QueryStatus';
import { reviewsQueryOptions, useReviews } from '../../features/reviews/api/get-reviews';
import { ReviewCard } from '../../features/reviews/components/ReviewCard';
import { pageLoader } from '../../lib/page-loader';
import { usePageMeta } from '../seo/use-page-meta';
import { useSiteSettings } from '../site-settings';

export const loader = pageLoader(({ queryClient, api }) =>
  queryClient.prefetchQuery(reviewsQueryOptions(api)),
);

/** `/reviews`: every published review, newest first. */
export default function ReviewsPage() {
  const settings = useSiteSettings().data;
  const reviews = useReviews();

  usePageMeta({ page: 'reviews', reviews: reviews.data }, settings);

  return (
    <>
      <PageIntro eyebrow="Reviews" title="Client reviews" lead="In our clients' own words." />
      <div className="site-container site-section">
        <QueryStatus query={reviews} what="the reviews" />
        {reviews.data && reviews.data.length === 0 && <EmptyState title="No reviews yet" />}
        {reviews.data && reviews.data.length > 0 && (
          <ul className="review-list">
            {reviews.data.map((review) => (
              <li key={review._id}>
                <ReviewCard review={review} />
              </li>
            ))}
          </ul>
        )}
      </div>
    </>
  );
}
