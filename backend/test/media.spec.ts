import { EDITOR_UPLOAD_GRACE_MS, EditorImagesService } from '../src/media/editor-images.service';
import { bearer, createTestApp, stopTestDatabase, type TestApp } from './support/test-app';
import { htmlPretendingToBeJpeg, jpegImage } from './support/images';

interface Media {
  variants: { width: number; url: string }[];
}

describe('media uploads for rich text', () => {
  let t: TestApp;
  let auth: Record<string, string>;

  beforeAll(async () => {
    t = await createTestApp();
    auth = bearer(t.adminToken);
  });
  afterAll(async () => {
    await t.close();
    await stopTestDatabase();
  });

  it('stores an image and answers with its WebP variants for the editor to insert', async () => {
    const response = await t.api
      .post('/api/media')
      .set(auth)
      .attach('file', await jpegImage(900, 600), 'photo.jpg')
      .expect(201);
    expect(response.body.variants.map((v: { width: number }) => v.width)).toEqual([
      72, 144, 320, 640, 900,
    ]);
    const largest = response.body.variants.at(-1).url;
    const file = await t.api.get(largest).expect(200);
    expect(file.headers['content-type']).toBe('image/webp');
  });

  it('refuses a file that is not an image, and a request without one', async () => {
    await t.api
      .post('/api/media')
      .set(auth)
      .attach('file', htmlPretendingToBeJpeg, 'photo.jpg')
      .expect(415);
    const empty = await t.api.post('/api/media').set(auth).field('x', '1').expect(400);
    expect(empty.body.errors).toEqual({ file: 'Choose an image to upload' });
  });

  it('turns a polyglot (an image with a script appended) into a clean image: nothing of the payload is kept', async () => {
    const payload = Buffer.from('<html><script>alert(document.cookie)</script></html>');
    const polyglot = Buffer.concat([await jpegImage(400, 300), payload]);
    const response = await t.api
      .post('/api/media')
      .set(auth)
      .attach('file', polyglot, 'cat.jpg')
      .expect(201);
    for (const variant of response.body.variants) {
      const stored = await t.api.get(variant.url).buffer(true).expect(200);
      expect(stored.headers['content-type']).toBe('image/webp');
      expect(stored.headers['x-content-type-options']).toBe('nosniff');
      expect(stored.body.includes(Buffer.from('<script'))).toBe(false);
    }
  });

  it('is for administrators only', async () => {
    await t.api
      .post('/api/media')
      .attach('file', await jpegImage(100, 100), 'a.jpg')
      .expect(401);
  });

  describe('rich-text images no content uses', () => {
    // Its own app: the uploads of the tests above would count too.
    let t: TestApp;
    let auth: Record<string, string>;
    beforeAll(async () => {
      t = await createTestApp();
      auth = bearer(t.adminToken);
    });
    afterAll(() => t.close());

    const upload = async (): Promise<Media> =>
      (
        await t.api
          .post('/api/media')
          .set(auth)
          .attach('file', await jpegImage(400, 300), 'photo.jpg')
          .expect(201)
      ).body;
    const served = async (media: Media) => {
      const statuses = await Promise.all(
        media.variants.map(async (variant) => (await t.api.get(variant.url)).status),
      );
      return statuses.every((status) => status === 200);
    };
    const collect = (at: number) => t.app.get(EditorImagesService).collect(at);
    const dayLater = () => Date.now() + EDITOR_UPLOAD_GRACE_MS + 60_000;

    it('are removed a day after upload, while those a description shows stay', async () => {
      const used = await upload();
      const unused = await upload();
      const product = await t.api
        .post('/api/product/')
        .set(auth)
        .field('ProductName', 'Shown in the description')
        .field('ProductCategory', 'Linen')
        .field(
          'ProductDescription',
          `<p>Detail:</p><img src="${used.variants.at(-1)!.url}" alt="">`,
        )
        .expect(201);

      // A form still being filled in keeps its uploads.
      expect(await collect(Date.now())).toBe(0);
      expect(await served(unused)).toBe(true);

      expect(await collect(dayLater())).toBe(1);
      expect(await served(unused)).toBe(false);
      expect(await served(used)).toBe(true);

      // Deleting the product leaves its description's image to the next collection.
      await t.api.delete(`/api/product/${product.body._id}`).set(auth).expect(204);
      expect(await collect(dayLater())).toBe(1);
      expect(await served(used)).toBe(false);
    });
  });
});
