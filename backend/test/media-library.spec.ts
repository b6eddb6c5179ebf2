import fs from 'node:fs';
import path from 'node:path';
import { MediaLibraryMigration } from '../src/startup/media-library-migration';
import { uploadToLibrary, type LibraryImage } from './support/fixtures';
import { pngImage } from './support/images';
import { bearer, useTestApp } from './support/test-app';

describe('media library and photos', () => {
  const t = useTestApp();
  let auth: Record<string, string>;
  const files = () => fs.readdirSync(path.join(t.dataDir, 'uploads'));

  beforeAll(() => {
    auth = bearer(t.adminToken);
  });

  const upload = (alt: string, color: string) =>
    uploadToLibrary(t, auth, alt, color, { caption: `Caption of ${alt}` });

  const library = async (id: string): Promise<LibraryImage> =>
    (await t.api.get(`/api/media/${id}`).set(auth).expect(200)).body;

  it('keeps a product’s four photos in the chosen order with their alt texts, the first as the cover', async () => {
    const images = [];
    for (const [index, color] of ['#aa0000', '#00aa00', '#0000aa', '#aaaa00'].entries()) {
      images.push(await upload(`Photo ${index + 1} in the library`, color));
    }
    expect(images[0]).toMatchObject({
      alt: 'Photo 1 in the library',
      caption: 'Caption of Photo 1 in the library',
      usedBy: [],
    });
    const chosen = [images[2], images[0], images[3], images[1]].map((image, index) => ({
      mediaId: image._id,
      alt: `Flax linen, view ${index + 1}`,
    }));

    const created = await t.api
      .post('/api/product/')
      .set(auth)
      .send({ ProductName: 'Natural Flax Linen', ProductCategory: 'Linen', photos: chosen })
      .expect(201);
    expect(created.body.photos.map((p: { mediaId: string; alt: string }) => p)).toMatchObject(
      chosen,
    );

    // Visitors read them in that order, by slug and in the list; older clients the cover.
    const page = await t.api.get('/api/product/singleproject/natural-flax-linen').expect(200);
    expect(page.body.photos.map((p: { mediaId: string }) => p.mediaId)).toEqual(
      chosen.map((p) => p.mediaId),
    );
    expect(page.body.photos.map((p: { alt: string }) => p.alt)).toEqual([
      'Flax linen, view 1',
      'Flax linen, view 2',
      'Flax linen, view 3',
      'Flax linen, view 4',
    ]);
    expect(page.body.photos[0].media.variants.length).toBeGreaterThan(0);
    expect(page.body.media.id).toBe(images[2]._id);
    expect(page.body.ProductImage).toBe(`${images[2]._id}-400.webp`);
    await t.api.get(`/uploads/${page.body.ProductImage}`).expect(200);

    // A new order, sent as multipart like the admin form does, with the old cover last.
    const reordered = [chosen[1], chosen[2], chosen[3], chosen[0]];
    const updated = await t.api
      .put(`/api/product/${created.body._id}`)
      .set(auth)
      .field('photos', JSON.stringify(reordered))
      .expect(200);
    expect(updated.body.photos.map((p: { mediaId: string }) => p.mediaId)).toEqual(
      reordered.map((p) => p.mediaId),
    );
    expect(updated.body.ProductImage).toBe(`${images[0]._id}-400.webp`);

    // The library says where each image is used, and gave images their first alt text.
    expect((await library(images[1]._id)).usedBy).toEqual([
      { type: 'product', id: created.body._id, name: 'Natural Flax Linen' },
    ]);
  });

  it('refuses photos without alt text or with an image the library does not have', async () => {
    const image = await upload('A photo', '#123456');
    const noAlt = await t.api
      .post('/api/product/')
      .set(auth)
      .send({
        ProductName: 'No alt',
        ProductCategory: 'Linen',
        photos: [{ mediaId: image._id, alt: '  ' }],
      })
      .expect(400);
    expect(noAlt.body.errors).toEqual({ 'photos.0.alt': 'Alt text is required' });
    const unknown = await t.api
      .post('/api/product/')
      .set(auth)
      .send({
        ProductName: 'Unknown image',
        ProductCategory: 'Linen',
        photos: [{ mediaId: 'ffffffffffffffffffff', alt: 'Something' }],
      })
      .expect(400);
    expect(unknown.body.errors).toEqual({
      'photos.0.mediaId': 'Photo 1 is not in the media library',
    });
    const list = await t.api.get('/api/product?q=alt').set(auth).expect(200);
    expect(list.body).toHaveLength(0);
  });

  it('keeps the spec’s single Userimg upload working: it becomes the cover, in the library', async () => {
    const extra = await upload('Drape of the poplin', '#336699');
    const created = await t.api
      .post('/api/product/')
      .set(auth)
      .field('ProductName', 'Sky Poplin')
      .field('ProductCategory', 'Cotton')
      .attach('Userimg', await pngImage(500, 400, '#88aaff'), 'sky.png')
      .expect(201);
    const cover = created.body.photos[0];
    expect(created.body.photos).toHaveLength(1);
    expect(cover).toMatchObject({ alt: 'Sky Poplin', mediaId: created.body.media.id });
    expect(created.body.ProductImage).toBe(`${cover.mediaId}-500.webp`);
    expect(await library(cover.mediaId)).toMatchObject({ alt: 'Sky Poplin' });

    // A second photo from the library, then a new Userimg: it replaces the cover only.
    await t.api
      .put(`/api/product/${created.body._id}`)
      .set(auth)
      .send({
        photos: [
          { mediaId: cover.mediaId, alt: 'Sky Poplin' },
          { mediaId: extra._id, alt: 'Drape' },
        ],
      })
      .expect(200);
    const replaced = await t.api
      .put(`/api/product/${created.body._id}`)
      .set(auth)
      .attach('Userimg', await pngImage(600, 400, '#ffaa88'), 'new.png')
      .expect(200);
    expect(replaced.body.photos.map((p: { alt: string }) => p.alt)).toEqual([
      'Sky Poplin',
      'Drape',
    ]);
    expect(replaced.body.photos[0].mediaId).not.toBe(cover.mediaId);
    expect(replaced.body.ProductImage).toBe(`${replaced.body.photos[0].mediaId}-600.webp`);
  });

  it('refuses to delete an image two products use, names them, and deletes it once unused', async () => {
    const shared = await upload('Shared swatch', '#654321');
    const photos = [{ mediaId: shared._id, alt: 'Shared swatch' }];
    const first = await t.api
      .post('/api/service/')
      .set(auth)
      .send({ ServiceName: 'Upholstery', ServiceCategory: 'Interiors', photos })
      .expect(201);
    const products = [];
    for (const name of ['Sage Linen', 'Olive Linen']) {
      const created = await t.api
        .post('/api/product/')
        .set(auth)
        .send({ ProductName: name, ProductCategory: 'Linen', photos })
        .expect(201);
      products.push(created.body);
    }
    const refused = await t.api.delete(`/api/media/${shared._id}`).set(auth).expect(409);
    expect(refused.body.message).toContain('project "Sage Linen"');
    expect(refused.body.message).toContain('project "Olive Linen"');
    expect(refused.body.message).toContain('service "Upholstery"');
    expect(files().filter((name) => name.startsWith(shared._id)).length).toBeGreaterThan(0);

    // One product lets go by taking another picture: the image stays for the other.
    const other = await upload('Another', '#111111');
    await t.api
      .put(`/api/product/${products[0]._id}`)
      .set(auth)
      .send({ photos: [{ mediaId: other._id, alt: 'Another' }] })
      .expect(200);
    expect((await library(shared._id)).usedBy.map((use) => use.name).sort()).toEqual([
      'Olive Linen',
      'Upholstery',
    ]);
    await t.api.delete(`/api/media/${shared._id}`).set(auth).expect(409);

    await t.api.put(`/api/product/${products[1]._id}`).set(auth).send({ photos: [] }).expect(200);
    await t.api.put(`/api/service/${first.body._id}`).set(auth).send({ photos: [] }).expect(200);
    expect((await library(shared._id)).usedBy).toEqual([]);
    await t.api.delete(`/api/media/${shared._id}`).set(auth).expect(204);
    await t.api.get(`/api/media/${shared._id}`).set(auth).expect(404);
    const listed = await t.api.get('/api/media?limit=100').set(auth).expect(200);
    expect(listed.body.map((item: LibraryImage) => item._id)).not.toContain(shared._id);
  });

  it('edits an image’s alt text and caption, searches them, and is for administrators only', async () => {
    const image = await upload('Before', '#0f0f0f');
    const edited = await t.api
      .patch(`/api/media/${image._id}`)
      .set(auth)
      .send({ alt: 'Indigo block print', caption: 'Printed in Bagru' })
      .expect(200);
    expect(edited.body).toMatchObject({ alt: 'Indigo block print', caption: 'Printed in Bagru' });
    await t.api.patch(`/api/media/${image._id}`).set(auth).send({ alt: '' }).expect(400);
    const found = await t.api.get('/api/media?q=bagru').set(auth).expect(200);
    expect(found.body.map((item: LibraryImage) => item._id)).toEqual([image._id]);
    expect(found.headers['x-total-count']).toBe('1');

    await t.api.get('/api/media').expect(401);
    await t.api.delete(`/api/media/${image._id}`).expect(401);
    await t.api.post('/api/media/library').field('alt', 'x').expect(401);
    // The alt text may come later (media-library-later-alt.spec.ts), but never too long.
    const tooLong = await t.api
      .post('/api/media/library')
      .set(auth)
      .field('alt', 'x'.repeat(201))
      .attach('file', await pngImage(100, 100), 'x.png')
      .expect(400);
    expect(tooLong.body.errors).toEqual({ alt: 'Alt text must be at most 200 characters' });
    await t.api.get('/api/media/not-an-id').set(auth).expect(400);
  });

  it('brings the images of content saved before the library into it, once', async () => {
    const product = await t.api
      .post('/api/product/')
      .set(auth)
      .field('ProductName', 'Old Khadi')
      .field('ProductCategory', 'Khadi')
      .attach('Userimg', await pngImage(300, 200, '#aa7744'), 'old.png')
      .expect(201);
    const gallery = await t.api
      .post('/api/gallery')
      .set(auth)
      .field('alt', 'Looms in the workshop')
      .attach('images', await pngImage(300, 200, '#4477aa'), 'loom.png')
      .expect(201);
    const galleryMediaId = gallery.body[0].media.id;

    // As a database written before the library: no items, products without photos.
    const mongoose = await import('mongoose');
    const dbName = new URL(t.mongoUri).pathname.slice(1);
    const db = mongoose.connections.find((connection) => connection.name === dbName)?.db;
    if (!db) throw new Error('no connection to the test database');
    await db.collection('media_items').deleteMany({});
    await db.collection('products').updateMany({}, { $unset: { photos: '' } });

    const migration = t.app.get(MediaLibraryMigration);
    const first = await migration.migrate();
    expect(first.photos).toBeGreaterThan(0);
    expect(first.items).toBeGreaterThan(0);
    expect(await migration.migrate()).toEqual({ items: 0, photos: 0 });

    const migrated = await t.api.get(`/api/product/${product.body._id}`).expect(200);
    expect(migrated.body.photos).toEqual([
      { mediaId: product.body.media.id, alt: 'Old Khadi', media: product.body.media },
    ]);
    expect(await library(product.body.media.id)).toMatchObject({
      alt: 'Old Khadi',
      usedBy: [{ type: 'product', id: product.body._id, name: 'Old Khadi' }],
    });
    expect(await library(galleryMediaId)).toMatchObject({
      alt: 'Looms in the workshop',
      usedBy: [{ type: 'gallery', name: 'Looms in the workshop' }],
    });
  });
});
