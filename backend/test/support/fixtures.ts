/** Records and reads that several API specs share, written once so a renamed field is fixed once. */
import { pngImage } from './images';
import type { TestApp } from './test-app';

/** A contact-form enquiry that passes every rule. */
export const ashaEnquiry = {
  source: 'contact',
  FirstName: 'Asha',
  LastName: 'Verma',
  PhoneNumber: '+91 98765 43210',
  Email: 'asha@example.com',
  Message: 'We would like a quote for 200 m of khadi, delivered to Pune.',
};

interface Variants {
  variants: { url: string }[];
}

/**
 * Creates a review through the spec's multipart form, one uploaded photo per colour, and
 * answers the created review (each `serviceimg` file becomes a library item and a photo).
 */
export async function postReviewWithPhotos(
  t: TestApp,
  auth: Record<string, string>,
  review: { ClientName: string; ClientReview: string },
  colors: string[],
) {
  const request = t.api
    .post('/api/reviews')
    .set(auth)
    .field('ClientName', review.ClientName)
    .field('ClientReview', review.ClientReview);
  for (const color of colors)
    request.attach('serviceimg', await pngImage(400, 300, color), 'r.png');
  return (await request.expect(201)).body;
}

/** The bytes of every variant of an image, as a visitor's browser gets them. */
export function variantBytes(t: TestApp, media: Variants): Promise<Buffer[]> {
  return Promise.all(
    media.variants.map(
      async (variant) => (await t.api.get(variant.url).buffer(true).expect(200)).body as Buffer,
    ),
  );
}
