import fs from 'node:fs';
import path from 'node:path';
import { bearer, useTestApp } from './support/test-app';
import { htmlPretendingToBeJpeg, pngImage } from './support/images';

describe('reviews', () => {
  let auth: Record<string, string>;
  const files = () => {
    const dir = path.join(t.dataDir, 'uploads');
    return fs.existsSync(dir) ? fs.readdirSync(dir) : [];
  };

  const t = useTestApp();
  beforeAll(async () => {
    auth = bearer(t.adminToken);
  });

  // Returns supertest's request unawaited, so the caller can chain expect().
  function post(fields: Record<string, string>, images: Buffer[]) {
    const request = t.api.post('/api/reviews/').set(auth);
    for (const [key, value] of Object.entries(fields)) request.field(key, value);
    for (const [index, image] of images.entries())
      request.attach('serviceimg', image, `photo-${index}.png`);
    return request;
  }

  it('takes the original form (ClientReviews, several serviceimg files) with no empty trailing entry', async () => {
    const images = await Promise.all(
      ['#aa3333', '#33aa33', '#3333aa'].map((c) => pngImage(500, 400, c)),
    );
    const response = await post(
      { ClientName: 'Meera Iyer', ClientReviews: 'The linen drapes changed the room.' },
      images,
    ).expect(201);
    expect(response.body).toMatchObject({
      ClientName: 'Meera Iyer',
      ClientReview: 'The linen drapes changed the room.',
      published: true,
    });
    expect(response.body.ClientImage).toHaveLength(3);
    expect(
      response.body.ClientImage.every((name: string) => /^[0-9a-f]{20}-500\.webp$/.test(name)),
    ).toBe(true);
    expect(response.body.media).toHaveLength(3);
    expect(response.body.createdAt.slice(0, 10)).toMatch(/^\d{4}-\d{2}-\d{2}$/);

    const listed = await t.api.get('/api/reviews/').expect(200);
    expect(listed.body[0]._id).toBe(response.body._id);
  });

  it('requires a client name and the review text', async () => {
    const response = await post({ ClientName: '' }, []).expect(400);
    expect(response.body.errors).toEqual({
      ClientName: 'Client name is required',
      ClientReview: 'Review text is required',
    });
  });

  it('refuses more than 10 images, and keeps none when one file is not an image', async () => {
    const before = files().length;
    const eleven = await Promise.all(Array.from({ length: 11 }, () => pngImage(200, 200)));
    await post({ ClientName: 'Too many', ClientReview: 'x' }, eleven).expect(400);

    const mixed = [await pngImage(300, 300), htmlPretendingToBeJpeg];
    await post({ ClientName: 'Spoof', ClientReview: 'x' }, mixed).expect(415);
    expect(files().length).toBe(before);
  });

  it('removes and reorders images on edit; dropped files stay for the history until it goes', async () => {
    const images = await Promise.all(
      ['#111111', '#555555', '#999999'].map((c) => pngImage(400, 300, c)),
    );
    const { body: review } = await post(
      { ClientName: 'Arjun', ClientReview: 'Lovely khadi.' },
      images,
    ).expect(201);
    const [first, second, third] = review.ClientImage as string[];

    const updated = await t.api
      .put(`/api/reviews/${review._id}`)
      .set(auth)
      .field('ClientReviews', 'Lovely khadi, and quick delivery.')
      .field('keepImages', JSON.stringify([third, first]))
      .attach('serviceimg', await pngImage(450, 300, '#ffcc00'), 'new.png')
      .expect(200);
    expect(updated.body.ClientReview).toBe('Lovely khadi, and quick delivery.');
    expect(updated.body.ClientImage.slice(0, 2)).toEqual([third, first]);
    expect(updated.body.ClientImage).toHaveLength(3);
    expect(
      updated.body.media.map((m: { variants: { url: string }[] }) => m.variants.at(-1)!.url),
    ).toEqual(updated.body.ClientImage.map((name: string) => `/uploads/${name}`));
    // The version before the edit shows the dropped photo: it stays, to be restored.
    const ofSecond = () => files().some((file) => file.startsWith(second.split('-')[0]));
    expect(ofSecond()).toBe(true);

    const unknown = await t.api
      .put(`/api/reviews/${review._id}`)
      .set(auth)
      .send({ keepImages: ['0000000000aaaaaaaaaa-400.webp'] })
      .expect(400);
    expect(unknown.body.errors.keepImages).toMatch(/Unknown image/);

    await t.api.delete(`/api/reviews/${review._id}`).set(auth).expect(204);
    const trash = await t.api.get('/api/trash?type=review').set(auth).expect(200);
    const entry = trash.body.find((e: { itemId: string }) => e.itemId === review._id);
    await t.api.delete(`/api/trash/${entry._id}`).set(auth).expect(204);
    expect(ofSecond()).toBe(false);
  });

  it('hides unpublished reviews from visitors and deletes with files', async () => {
    const { body: review } = await post(
      { ClientName: 'Hidden', ClientReview: 'Draft', published: 'false' },
      [await pngImage(300, 200)],
    ).expect(201);
    await t.api.get(`/api/reviews/${review._id}`).expect(404);
    await t.api.get(`/api/reviews/${review._id}`).set(auth).expect(200);
    await t.api.delete(`/api/reviews/${review._id}`).expect(401);
    await t.api.delete(`/api/reviews/${review._id}`).set(auth).expect(204);
    const ofReview = () =>
      files().some((file) => file.startsWith(review.ClientImage[0].split('-')[0]));
    expect(ofReview()).toBe(true); // in the trash, restorable
    const [entry] = (await t.api.get('/api/trash?type=review').set(auth).expect(200)).body;
    await t.api.delete(`/api/trash/${entry._id}`).set(auth).expect(204);
    expect(ofReview()).toBe(false);
  });
});
