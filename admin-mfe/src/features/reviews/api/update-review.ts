import type { Review } from '@vitrine/api-client';
import { upload } from '../../../lib/api-client';
import { reviewFormData, type ReviewValues } from './review-form-data';

/** Replaces the review's fields and its photos (library images, in the form's order). */
export function updateReview(id: string, values: ReviewValues): Promise<Review> {
  return upload<Review>({
    method: 'PUT',
    url: `/api/reviews/${encodeURIComponent(id)}`,
    form: reviewFormData(values),
  });
}
