import type { Review } from '@vitrine/api-client';
import { upload } from '../../../lib/api';
import { reviewFormData, type ReviewValues } from './review-form-data';

/**
 * `keepImages`: the current images to keep, in the order to show them (any left out are
 * deleted); the new `files` are added after them.
 */
export function updateReview(
  id: string,
  values: ReviewValues,
  keepImages: readonly string[],
  files: readonly File[],
  onProgress?: (fraction: number) => void,
): Promise<Review> {
  const form = reviewFormData(values, files);
  form.append('keepImages', JSON.stringify(keepImages));
  return upload<Review>({
    method: 'PUT',
    url: `/api/reviews/${encodeURIComponent(id)}`,
    form,
    onProgress,
  });
}
