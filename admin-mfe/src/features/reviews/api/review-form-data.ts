export interface ReviewValues {
  ClientName: string;
  ClientReview: string;
  published: boolean;
  featured: boolean;
}

/** The most photos one review can have (the API's limit). */
export const MAX_REVIEW_IMAGES = 10;

/** Multipart: the text fields, then each new photo under `serviceimg`. */
export function reviewFormData(values: ReviewValues, files: readonly File[]): FormData {
  const form = new FormData();
  form.append('ClientName', values.ClientName.trim());
  form.append('ClientReview', values.ClientReview.trim());
  form.append('published', values.published ? 'true' : 'false');
  form.append('featured', values.featured ? 'true' : 'false');
  for (const file of files) form.append('serviceimg', file);
  return form;
}
