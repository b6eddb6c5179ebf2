import { EmptyState } from '@vitrine/ui';
import { PageIntro } from '../../components/PageIntro';
import { QueryStatus } from '../../components/QueryStatus';
import { reviewsQueryOptions, useReviews } from '../../features/reviews/api/get-reviews';
import { ReviewCard } from '../../features/reviews/components/ReviewCard';
import { pageLoader } from '../../lib/page-loader';
import { usePageMeta } from '../seo/use-page-meta';
import { useSiteSettings } from '../site-settings';
import { useTranslation } from '../../lib/i18n';

export const loader = pageLoader(({ queryClient, api }) =>
  queryClient.prefetchQuery(reviewsQueryOptions(api)),
);

/** `/reviews`: every published review, newest first. */
export default function ReviewsPage() {
  const { t } = useTranslation();
  const settings = useSiteSettings().data;
  const reviews = useReviews();

  usePageMeta({ page: 'reviews', reviews: reviews.data }, settings);

  return (
    <>
      <PageIntro
        eyebrow={t('reviews.eyebrow')}
        title={t('reviews.title')}
        lead={t('reviews.lead')}
      />
      <div className="site-container site-section">
        <QueryStatus query={reviews} what={t('reviews.what')} />
        {reviews.data && reviews.data.length === 0 && <EmptyState title={t('reviews.empty')} />}
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
