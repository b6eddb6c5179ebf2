import { postReviewWithPhotos, uploadToLibrary, type LibraryImage } from './support/fixtures';
import { pngImage } from './support/images';
import { bearer, useTestApp } from './support/test-app';

interface ReviewPhoto {
  mediaId: string;
  alt: string;
  media: { id: string };
}

/** Reviews, the gallery and rich text pick their images from the media library. */
describe('the media library in reviews, the gallery and rich text', () => {
  let auth: Record<string, string>;
  const t = useTestApp();
  beforeAll(() => {
    auth = bearer(t.adminToken);
  });

  const upload = (alt: string, color: string) => uploadToLibrary(t, auth, alt, color);

  const library = async (id: string): Promise<LibraryImage> =>
    (await t.api.get(`/api/media/${id}`).set(auth).expect(200)).body;

  describe('reviews', () => {
    /** Sends a review as JSON, its photos picked from the library; expect() is the caller's. */
    const postReview = (ClientName: string, ClientReview: string, photos: unknown[]) =>
      t.api.post('/api/reviews').set(auth).send({ ClientName, ClientReview, photos });

    it('shows a review’s library photos with their alt texts, in order, and counts them as used', async () => {
      const drape = await upload('Linen drape', '#884422');
      const swatch = await upload('Swatch', '#224488');
      const photos = [
        { mediaId: swatch._id, alt: 'Sage linen curtains in the client’s living room' },
        { mediaId: drape._id, alt: 'The same curtains drawn at dusk' },
      ];
      const created = await postReview('Kavya Rao', 'Beautiful curtains.', photos).expect(201);
      expect(
        created.body.photos.map(({ mediaId, alt }: ReviewPhoto) => ({ mediaId, alt })),
      ).toEqual(photos);
      // The spec's fields repeat them, so the original client still shows the pictures.
      expect(created.body.ClientImage).toEqual([`${swatch._id}-400.webp`, `${drape._id}-400.webp`]);
      expect(created.body.media.map((media: { id: string }) => media.id)).toEqual([
        swatch._id,
        drape._id,
      ]);

      const visitor = await t.api.get(`/api/reviews/${created.body._id}`).expect(200);
      expect(visitor.body.photos.map((photo: ReviewPhoto) => photo.alt)).toEqual([
        'Sage linen curtains in the client’s living room',
        'The same curtains drawn at dusk',
      ]);
      expect((await library(drape._id)).usedBy).toEqual([
        { type: 'review', id: created.body._id, name: 'Kavya Rao' },
      ]);

      // Multipart, as the admin form sends it: a new order, one photo left out.
      const updated = await t.api
        .put(`/api/reviews/${created.body._id}`)
        .set(auth)
        .field('photos', JSON.stringify([{ mediaId: drape._id, alt: 'Curtains at dusk' }]))
        .expect(200);
      expect(updated.body.photos.map((photo: ReviewPhoto) => photo.alt)).toEqual([
        'Curtains at dusk',
      ]);
      expect(updated.body.ClientImage).toEqual([`${drape._id}-400.webp`]);
      expect((await library(swatch._id)).usedBy).toEqual([]);
    });

    it('answers 400 naming the photo whose alt text is missing, and saves nothing', async () => {
      const image = await upload('Cushions', '#448822');
      const refused = await postReview('No Alt', 'Lovely.', [
        { mediaId: image._id, alt: ' ' },
      ]).expect(400);
      expect(refused.body.errors).toEqual({ 'photos.0.alt': 'Alt text is required' });
      const listed = await t.api.get('/api/reviews?q=No%20Alt').set(auth).expect(200);
      expect(listed.body).toHaveLength(0);
    });

    it('keeps the original form working: serviceimg files become library items with an alt text', async () => {
      const created = await t.api
        .post('/api/reviews/')
        .set(auth)
        .field('ClientName', 'Meera Iyer')
        .field('ClientReviews', 'The linen drapes changed the room.')
        .attach('serviceimg', await pngImage(500, 400, '#aa3333'), 'IMG_2041.png')
        .expect(201);
      const [photo] = created.body.photos as ReviewPhoto[];
      expect(created.body.photos).toHaveLength(1);
      expect(photo.alt).toBe('Photo from Meera Iyer');
      expect(created.body.ClientImage).toEqual([`${photo.mediaId}-500.webp`]);
      expect(await library(photo.mediaId)).toMatchObject({
        alt: 'Photo from Meera Iyer',
        usedBy: [{ type: 'review', id: created.body._id, name: 'Meera Iyer' }],
      });

      // keepImages (file names) still orders what stays; a library photo can join them.
      const extra = await upload('Drapes, close-up', '#33aa33');
      const withExtra = await t.api
        .put(`/api/reviews/${created.body._id}`)
        .set(auth)
        .send({
          photos: [
            { mediaId: extra._id, alt: 'Close-up' },
            { mediaId: photo.mediaId, alt: 'Drapes' },
          ],
        })
        .expect(200);
      expect(withExtra.body.ClientImage).toEqual([
        `${extra._id}-400.webp`,
        `${photo.mediaId}-500.webp`,
      ]);
      const kept = await t.api
        .put(`/api/reviews/${created.body._id}`)
        .set(auth)
        .field('keepImages', JSON.stringify([`${photo.mediaId}-500.webp`]))
        .attach('serviceimg', await pngImage(300, 200, '#3333aa'), 'new.png')
        .expect(200);
      expect(kept.body.photos.map((one: ReviewPhoto) => one.alt)).toEqual([
        'Drapes',
        'Photo from Meera Iyer',
      ]);
      expect(kept.body.ClientImage[0]).toBe(`${photo.mediaId}-500.webp`);
    });

    it('refuses to delete an image a review shows (409 naming it), and deletes it once the review lets go', async () => {
      const image = await upload('Block-printed quilt', '#aa8800');
      const review = await postReview('Arjun Mehta', 'The quilt is a joy.', [
        { mediaId: image._id, alt: 'Quilt on a bed' },
      ]).expect(201);
      const refused = await t.api.delete(`/api/media/${image._id}`).set(auth).expect(409);
      expect(refused.body.message).toContain('review "Arjun Mehta"');

      await t.api.put(`/api/reviews/${review.body._id}`).set(auth).send({ photos: [] }).expect(200);
      await t.api.delete(`/api/media/${image._id}`).set(auth).expect(204);
    });

    it('restores a version saved before photos existed with its images as photos', async () => {
      const review = await postReviewWithPhotos(
        t,
        auth,
        { ClientName: 'Nandini', ClientReview: 'Soft and strong.' },
        ['#123456', '#654321'],
      );
      await t.api
        .put(`/api/reviews/${review._id}`)
        .set(auth)
        .send({ photos: [{ mediaId: review.media[0].id, alt: 'Cushions on a sofa' }] })
        .expect(200);
      // As a version kept before this change: ClientImage and media only.
      const mongoose = await import('mongoose');
      const dbName = new URL(t.mongoUri).pathname.slice(1);
      const db = mongoose.connections.find((connection) => connection.name === dbName)?.db;
      if (!db) throw new Error('no connection to the test database');
      await db
        .collection('revisions')
        .updateMany({ entity: 'review' }, { $unset: { 'document.photos': '' } });
      const [edit] = (await t.api.get(`/api/reviews/${review._id}/revisions`).set(auth).expect(200))
        .body;

      const restored = await t.api
        .post(`/api/reviews/${review._id}/revisions/${edit._id}/restore`)
        .set(auth)
        .expect(200);
      expect(restored.body.ClientImage).toEqual(review.ClientImage);
      expect(restored.body.photos.map((photo: ReviewPhoto) => [photo.mediaId, photo.alt])).toEqual([
        [review.media[0].id, 'Cushions on a sofa'],
        [review.media[1].id, 'Photo from Nandini'],
      ]);
    });
  });

  describe('the gallery', () => {
    it('adds library images with their alt texts, counts them as used, and refuses to delete one in use', async () => {
      const loom = await upload('Loom', '#225577');
      const dye = await upload('Indigo vat', '#552277');
      const added = await t.api
        .post('/api/gallery')
        .set(auth)
        .send({
          photos: [
            { mediaId: loom._id, alt: 'A pit loom in the Bhuj workshop' },
            { mediaId: dye._id, alt: 'Yarn dipped in an indigo vat' },
          ],
        })
        .expect(201);
      expect(added.body.map((image: { alt: string }) => image.alt)).toEqual([
        'A pit loom in the Bhuj workshop',
        'Yarn dipped in an indigo vat',
      ]);
      expect(added.body[0]).toMatchObject({
        image: `${loom._id}-400.webp`,
        media: { id: loom._id },
      });
      const visitor = await t.api.get('/api/gallery').expect(200);
      expect(visitor.body.map((image: { media: { id: string } }) => image.media.id)).toEqual(
        expect.arrayContaining([loom._id, dye._id]),
      );
      // The gallery says it in its own words; the library keeps its own.
      expect(await library(loom._id)).toMatchObject({
        alt: 'Loom',
        usedBy: [{ type: 'gallery', id: added.body[0]._id }],
      });

      const refused = await t.api.delete(`/api/media/${dye._id}`).set(auth).expect(409);
      expect(refused.body.message).toContain('gallery image "Yarn dipped in an indigo vat"');
    });

    it('answers 400 with a field message for a library image without alt text', async () => {
      const image = await upload('Khadi bolts', '#777722');
      const refused = await t.api
        .post('/api/gallery')
        .set(auth)
        .send({ photos: [{ mediaId: image._id, alt: '' }] })
        .expect(400);
      expect(refused.body.errors).toEqual({ 'photos.0.alt': 'Alt text is required' });
      const empty = await t.api.post('/api/gallery').set(auth).send({ photos: [] }).expect(400);
      expect(empty.body.errors).toEqual({ images: 'Choose at least one image' });
      // Files still need their alt texts, as before.
      const noAlt = await t.api
        .post('/api/gallery')
        .set(auth)
        .attach('images', await pngImage(200, 200), 'gal1.png')
        .expect(400);
      expect(noAlt.body.errors.alt).toBe('Alt text is required: describe each image');
    });
  });

  describe('rich text', () => {
    it('keeps a library image with its alt text, strips handlers and foreign sources, and counts the use', async () => {
      const image = await upload('Ikat close-up', '#992266');
      const src = `/uploads/${image._id}-400.webp`;
      const created = await t.api
        .post('/api/product/')
        .set(auth)
        .send({
          ProductName: 'Ikat Silk',
          ProductCategory: 'Silk',
          ProductDescription:
            `<p>Woven in Pochampally.</p><img src="${src}" alt="Ikat silk, close-up" onerror="alert(1)">` +
            '<img src="javascript:alert(2)" alt="x"><img src="https://tracker.example/pixel.gif" alt="y">' +
            '<img src="/uploads/../api/user" alt="z"><a href="javascript:alert(3)">link</a>',
        })
        .expect(201);
      expect(created.body.ProductDescription).toBe(
        `<p>Woven in Pochampally.</p><img src="${src}" alt="Ikat silk, close-up" /><a>link</a>`,
      );
      expect((await library(image._id)).usedBy).toEqual([
        { type: 'product', id: created.body._id, name: 'Ikat Silk' },
      ]);
      await t.api.delete(`/api/media/${image._id}`).set(auth).expect(409);
    });
  });
});
