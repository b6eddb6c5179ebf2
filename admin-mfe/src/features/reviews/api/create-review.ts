import type { Review } from '@vitrine/api-client';
import { upload } from '../../../lib/api-client';
import { reviewFormData, type ReviewValues } from './review-form-data';

export function createReview(values: ReviewValues): Promise<Review> {
  return upload<Review>({ method: 'POST', url: '/api/reviews', form: reviewFormData(values) });
}
