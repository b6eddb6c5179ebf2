/** Records and reads that several API specs share, written once so a renamed field is fixed once. */
import type { Test } from 'supertest';
import { pngImage } from './images';
import { bearer, type TestApp } from './test-app';

/** A contact-form enquiry that passes every rule. */
export const ashaEnquiry = {
  source: 'contact',
  FirstName: 'Asha',
  LastName: 'Verma',
  PhoneNumber: '+91 98765 43210',
  Email: 'asha@example.com',
  Message: 'We would like a quote for 200 m of khadi, delivered to Pune.',
};

/** An image of the media library, as the API answers it. */
export interface LibraryImage {
  _id: string;
  alt: string;
  caption: string;
  media: { id: string; variants: { width: number; url: string }[] };
  usedBy: { type: string; id: string; name: string }[];
}

/** Uploads an image into the media library, in a colour of its own, with its alt text. */
export async function uploadToLibrary(
  t: TestApp,
  auth: Record<string, string>,
  alt: string,
  color: string,
  {
    caption,
    width = 400,
    height = 300,
  }: { caption?: string; width?: number; height?: number } = {},
): Promise<LibraryImage> {
  const request = t.api.post('/api/media/library').set(auth).field('alt', alt);
  if (caption !== undefined) request.field('caption', caption);
  const response = await request
    .attach('file', await pngImage(width, height, color), 'library.png')
    .expect(201);
  return response.body;
}

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

/** POSTs a JSON body as `auth`, expects 201, and answers the created record. */
export async function createRecord(
  t: TestApp,
  auth: Record<string, string>,
  path: string,
  body: Record<string, unknown>,
) {
  return (await t.api.post(path).set(auth).send(body).expect(201)).body;
}

/** A user as a test names it: what it leaves out is filled in (Email from the UserName). */
export interface UserFields {
  UserName: string;
  Password: string;
  isAdmin?: boolean;
  FirstName?: string;
  LastName?: string;
  Email?: string;
  Number?: string;
}

/** Creates a user as `t`'s administrator, expects 201, and answers the created user. */
export function createUser(t: TestApp, user: UserFields): Promise<{ _id: string }> {
  return createRecord(t, bearer(t.adminToken), '/api/user', {
    FirstName: 'Ed',
    LastName: 'Itor',
    Email: `${user.UserName}@example.com`,
    Number: '+91 98765 43210',
    ...user,
  });
}

/** Creates a user and signs in as it: its id, its token and the header that carries it. */
export async function signedInUser(t: TestApp, user: UserFields) {
  const { _id: id } = await createUser(t, user);
  const token = await t.login(user.UserName, user.Password);
  return { id, token, auth: bearer(token) };
}

/**
 * Fills a multipart request as the admin's product and service forms do: each field as
 * text, and the image, if any, under `Userimg`. Answers the request unawaited, for the
 * caller's expect().
 */
export function contentForm(
  request: Test,
  fields: Record<string, string>,
  image?: Buffer,
  filename = 'photo.png',
): Test {
  for (const [key, value] of Object.entries(fields)) request.field(key, value);
  if (image) request.attach('Userimg', image, filename);
  return request;
}
