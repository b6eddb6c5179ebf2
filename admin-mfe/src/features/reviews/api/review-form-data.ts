import type { FormPhoto } from '../../../components/media-picker/PhotosField';

export interface ReviewValues {
  ClientName: string;
  ClientReview: string;
  published: boolean;
  featured: boolean;
  /** Library images in display order, each with its alt text. */
  photos: FormPhoto[];
  /**
   * The language the client wrote in (issue 36): reviews are not translated, the public page
   * marks their text with it. '' on a site with one language, where it is not sent.
   */
  language: string;
}

/** The most photos one review can have (the API's limit). */
export const MAX_REVIEW_IMAGES = 10;

/** Multipart, as the original form: the text fields, and the photos as JSON text. */
export function reviewFormData(values: ReviewValues): FormData {
  const form = new FormData();
  form.append('ClientName', values.ClientName.trim());
  form.append('ClientReview', values.ClientReview.trim());
  form.append('published', values.published ? 'true' : 'false');
  form.append('featured', values.featured ? 'true' : 'false');
  const photos = values.photos.map(({ mediaId, alt }) => ({ mediaId, alt: alt.trim() }));
  form.append('photos', JSON.stringify(photos));
  if (values.language) form.append('language', values.language);
  return form;
}
