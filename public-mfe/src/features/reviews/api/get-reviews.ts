import { LIST_MAX_LIMIT } from '@vitrine/contracts';
import { apiQuery, featuredQuery } from '../../../lib/api-query';

/** Published reviews, in the order the studio set (new ones first). */
const reviews = apiQuery(
  () => ['reviews'],
  (api, signal) =>
    api.GET('/api/reviews', { params: { query: { limit: LIST_MAX_LIMIT } }, signal }),
);

export const reviewsQueryOptions = reviews.options;
export const useReviews = reviews.useAnswer;

/** The featured reviews, in the order the studio gave them; at most `limit`. */
const featured = featuredQuery('reviews', (api, signal, limit) =>
  api.GET('/api/reviews', { params: { query: { featured: true, limit } }, signal }),
);

export const featuredReviewsQueryOptions = featured.options;
export const useFeaturedReviews = featured.useAnswer;
