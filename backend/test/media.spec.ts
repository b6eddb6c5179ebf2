import fs from 'node:fs';
import path from 'node:path';
import { EDITOR_UPLOAD_GRACE_MS, EditorImagesService } from '../src/media/editor-images.service';
import { htmlPretendingToBeJpeg, jpegImage, plantedFiles, pngImage } from './support/images';
import { bearer, useTestApp } from './support/test-app';

interface Media {
  id: string;
  variants: { width: number; url: string }[];
}

describe('media uploads for rich text', () => {
  const t = useTestApp();
  let auth: Record<string, string>;

  beforeAll(() => {
    auth = bearer(t.adminToken);
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

  it('answers 413 to a 1 × 40,000 PNG, which WebP cannot hold, and keeps no file of it', async () => {
    const uploads = path.join(t.dataDir, 'uploads');
    const before = fs.existsSync(uploads) ? fs.readdirSync(uploads).length : 0;
    const response = await t.api
      .post('/api/media')
      .set(auth)
      .attach('file', await pngImage(1, 40_000), 'strip.png')
      .expect(413);
    expect(response.body.message).toMatch(/too tall for its width \(1 × 40000 pixels\)/);
    expect(fs.existsSync(uploads) ? fs.readdirSync(uploads).length : 0).toBe(before);
  });

  it('stores images of extreme shapes that WebP can hold: 40,000 × 1 and 20 × 16,000', async () => {
    for (const [width, height] of [
      [40_000, 1],
      [20, 16_000],
    ]) {
      const response = await t.api
        .post('/api/media')
        .set(auth)
        .attach('file', await pngImage(width, height), 'odd.png')
        .expect(201);
      expect(response.body.placeholder).toMatch(/^data:image\/webp;base64,/);
    }
  });

  it('answers 415 to an image whose pixel data is cut short', async () => {
    const whole = await pngImage(600, 400);
    await t.api
      .post('/api/media')
      .set(auth)
      .attach('file', whole.subarray(0, whole.length - 40), 'cut.png')
      .expect(415);
  });

  it('is for administrators only', async () => {
    await t.api
      .post('/api/media')
      .attach('file', await jpegImage(100, 100), 'a.jpg')
      .expect(401);
  });

  describe('rich-text images no content uses', () => {
    // Its own app: the uploads of the tests above would count too.
    const t = useTestApp();
    let auth: Record<string, string>;
    beforeAll(() => {
      auth = bearer(t.adminToken);
    });

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

      // A deleted product's description keeps its image while the product is in the trash;
      // deleted for good, it leaves the image to the next collection.
      await t.api.delete(`/api/product/${product.body._id}`).set(auth).expect(204);
      expect(await collect(dayLater())).toBe(0);
      expect(await served(used)).toBe(true);
      const trash = await t.api.get('/api/trash?type=product').set(auth).expect(200);
      const entry = trash.body.find((e: { itemId: string }) => e.itemId === product.body._id);
      await t.api.delete(`/api/trash/${entry._id}`).set(auth).expect(204);
      expect(await collect(dayLater())).toBe(1);
      expect(await served(used)).toBe(false);
    });

    it('stop counting as used by a description an edit took them out of, kept only by its earlier version', async () => {
      const image = await upload();
      const { body: service } = await t.api
        .post('/api/service/')
        .set(auth)
        .send({
          ServiceName: 'Edited later',
          ServiceCategory: 'Dyeing',
          ServiceDescription: `<p><img src="${image.variants[0].url}" alt=""></p>`,
        })
        .expect(201);
      const mongoose = await import('mongoose');
      const db = mongoose.connections.find((c) => t.mongoUri.endsWith(`/${c.name}`))!.db!;
      const mentions = async () =>
        ((
          await db
            .collection('media_references')
            .findOne({ _id: `services/${service._id}` as never })
        )?.mediaIds as string[] | undefined) ?? [];
      // The image's id: the prefix of its files' names.
      const id = image.variants[0].url.split('/').pop()!.split('-')[0];
      expect(await mentions()).toContain(id);

      await t.api
        .put(`/api/service/${service._id}`)
        .set(auth)
        .send({ ServiceDescription: '<p>No picture now.</p>' })
        .expect(200);
      expect(await mentions()).not.toContain(id);
      // The revision the edit kept still shows it, so it stays for a restore.
      expect(await collect(dayLater())).toBe(0);
      expect(await served(image)).toBe(true);
    });
  });
});

describe('what /uploads serves (disk storage)', () => {
  const t = useTestApp();

  it('serves an image with nosniff and a Content-Security-Policy of its own that sandboxes it', async () => {
    const response = await t.api
      .post('/api/media')
      .set(bearer(t.adminToken))
      .attach('file', await jpegImage(400, 300), 'photo.jpg')
      .expect(201);
    const file = await t.api.get(response.body.variants[0].url).expect(200);
    expect(file.headers['content-type']).toBe('image/webp');
    expect(file.headers['x-content-type-options']).toBe('nosniff');
    expect(file.headers['content-security-policy']).toBe("default-src 'none'; sandbox");
  });

  it('answers 404 for anything but an image, even when such a file lies in the uploads folder', async () => {
    const dir = path.join(t.dataDir, 'uploads');
    fs.mkdirSync(dir, { recursive: true });
    for (const [name, text] of Object.entries(plantedFiles)) {
      fs.writeFileSync(path.join(dir, name), text);
      const answer = await t.api.get(`/uploads/${name}`).expect(404);
      expect(answer.text).not.toContain(text);
      await t.api.head(`/uploads/${name}`).expect(404);
    }
  });
});
