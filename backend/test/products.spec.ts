import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { contentForm } from './support/fixtures';
import { bearer, useTestApp } from './support/test-app';
import { htmlPretendingToBeJpeg, jpegImage, pngBomb, pngImage } from './support/images';

describe('products', () => {
  let auth: Record<string, string>;
  const uploads = () =>
    fs.existsSync(path.join(t.dataDir, 'uploads'))
      ? fs.readdirSync(path.join(t.dataDir, 'uploads'))
      : [];

  const t = useTestApp({ UPLOAD_MAX_MB: '1' });
  beforeAll(async () => {
    auth = bearer(t.adminToken);
  });

  const create = (fields: Record<string, string>, image?: Buffer, filename?: string) =>
    contentForm(t.api.post('/api/product/').set(auth), fields, image, filename);

  it('creates a product from the multipart form, with WebP variants of its image', async () => {
    const response = await create(
      {
        ProductName: 'Indigo handloom cotton',
        ProductCategory: 'Cotton',
        ProductPrice: '1450',
        ProductHeading: 'Hand-dyed',
        ProductDescription: '<p>Woven on <strong>pit looms</strong>.</p>',
        ProductStatus: 'In stock',
        ProductClient: 'Taj Hotels',
        ProductLocation: 'Jaipur',
        ProductSize: '44 in',
      },
      await pngImage(1500, 1000),
    ).expect(201);

    expect(response.body).toMatchObject({
      ProductName: 'Indigo handloom cotton',
      ProductPrice: 1450,
      slug: 'indigo-handloom-cotton',
      published: true,
      ProductDescription: '<p>Woven on <strong>pit looms</strong>.</p>',
    });
    const { media, ProductImage } = response.body;
    expect(media.variants.map((v: { width: number }) => v.width)).toEqual([
      72, 144, 320, 640, 1280, 1500,
    ]);
    expect(media).toMatchObject({
      width: 1500,
      height: 1000,
      placeholder: expect.stringMatching(/^data:image\/webp;base64,/),
    });
    expect(ProductImage).toMatch(/^[0-9a-f]{20}-1500\.webp$/);

    const file = await t.api.get(`/uploads/${ProductImage}`).expect(200);
    expect(file.headers['content-type']).toBe('image/webp');
    expect(file.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it("answers its image's 960 px variant, made on the first request and kept, and removes it with the image", async () => {
    const created = await create(
      { ProductName: 'Phone-sized weave', ProductCategory: 'Linen' },
      await pngImage(1500, 1000),
    ).expect(201);
    const { media } = created.body;
    const name = `${media.id}-960.webp`;
    expect(uploads()).not.toContain(name);

    const [first, again] = [
      await t.api.get(`/uploads/${name}`).buffer(true).expect(200),
      await t.api.get(`/uploads/${name}`).buffer(true).expect(200),
    ];
    expect(first.headers['content-type']).toBe('image/webp');
    expect(first.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(await sharp(first.body).metadata()).toMatchObject({
      format: 'webp',
      width: 960,
      height: 640,
    });
    expect(again.body.equals(first.body)).toBe(true);
    expect(uploads()).toContain(name);

    // No other width is made on demand, nor a 960 of an image that has no wider variant.
    await t.api.get(`/uploads/${media.id}-800.webp`).expect(404);
    const small = await create(
      { ProductName: 'Small weave', ProductCategory: 'Linen' },
      await pngImage(900, 600),
    ).expect(201);
    await t.api.get(`/uploads/${small.body.media.id}-960.webp`).expect(404);
    await t.api.get('/uploads/0123456789abcdef0123-960.webp').expect(404);

    await t.api.delete(`/api/product/${created.body._id}`).set(auth).expect(204);
    const trash = await t.api.get('/api/trash?type=product').set(auth).expect(200);
    const entry = trash.body.find((e: { itemId: string }) => e.itemId === created.body._id);
    await t.api.delete(`/api/trash/${entry._id}`).set(auth).expect(204);
    expect(uploads()).not.toContain(name);
  });

  it('strips EXIF metadata when it re-encodes', async () => {
    const response = await create(
      { ProductName: 'Exif test', ProductCategory: 'Linen' },
      await jpegImage(),
      'camera.jpg',
    ).expect(201);
    const stored = await t.api.get(response.body.media.variants[0].url).buffer(true).expect(200);
    expect(stored.body.includes(Buffer.from('secret-camera-owner'))).toBe(false);
  });

  it('gives a repeated name its own slug, and finds a product by slug or by name', async () => {
    const first = await create({ ProductName: 'Khadi Weave', ProductCategory: 'Khadi' }).expect(
      201,
    );
    const second = await create({ ProductName: 'Khadi  weave!', ProductCategory: 'Khadi' }).expect(
      201,
    );
    expect(first.body.slug).toBe('khadi-weave');
    expect(second.body.slug).toBe('khadi-weave-2');

    const bySlug = await t.api.get('/api/product/singleproject/khadi-weave-2').expect(200);
    expect(bySlug.body._id).toBe(second.body._id);
    const byName = await t.api
      .get(`/api/product/singleproject/${encodeURIComponent('Khadi Weave')}`)
      .expect(200);
    expect(byName.body._id).toBe(first.body._id);
    await t.api.get('/api/product/singleproject/no-such-product').expect(404);
  });

  it('hides unpublished products from visitors but not from administrators', async () => {
    const hidden = await create({
      ProductName: 'Draft poplin',
      ProductCategory: 'Poplin',
      published: 'false',
    }).expect(201);
    const anonymous = await t.api.get('/api/product?limit=100').expect(200);
    expect(anonymous.body.map((p: { _id: string }) => p._id)).not.toContain(hidden.body._id);
    await t.api.get(`/api/product/${hidden.body._id}`).expect(404);
    await t.api.get('/api/product/singleproject/draft-poplin').expect(404);

    const admin = await t.api.get('/api/product?limit=100').set(auth).expect(200);
    expect(admin.body.map((p: { _id: string }) => p._id)).toContain(hidden.body._id);
    await t.api.get(`/api/product/${hidden.body._id}`).set(auth).expect(200);
  });

  it('lists only what visitors see, or only the drafts, for an administrator who asks', async () => {
    const draft = await create({
      ProductName: 'Draft khadi',
      ProductCategory: 'Khadi',
      published: 'false',
    }).expect(201);
    const shown = await create({ ProductName: 'Shown muslin', ProductCategory: 'Muslin' }).expect(
      201,
    );
    const ids = (response: { body: { _id: string }[] }) => response.body.map((p) => p._id);

    const published = await t.api.get('/api/product?limit=100&published=true').set(auth);
    expect(ids(published)).toContain(shown.body._id);
    expect(ids(published)).not.toContain(draft.body._id);
    expect(published.body.every((p: { published: boolean }) => p.published)).toBe(true);
    const drafts = await t.api.get('/api/product?limit=100&published=false').set(auth);
    expect(ids(drafts)).toContain(draft.body._id);
    expect(ids(drafts)).not.toContain(shown.body._id);
    expect(Number(drafts.headers['x-total-count'])).toBe(drafts.body.length);

    // A visitor asking for drafts still sees only what is published.
    const visitor = await t.api.get('/api/product?limit=100&published=false').expect(200);
    expect(ids(visitor)).toContain(shown.body._id);
    expect(ids(visitor)).not.toContain(draft.body._id);
    const bad = await t.api.get('/api/product?published=maybe').expect(400);
    expect(JSON.stringify(bad.body)).toContain('published must be true or false');
  });

  it('lists with category, search, sort, paging and the total in X-Total-Count', async () => {
    const cotton = await t.api.get('/api/product?category=Cotton').expect(200);
    expect(
      cotton.body.every((p: { ProductCategory: string }) => p.ProductCategory === 'Cotton'),
    ).toBe(true);

    const search = await t.api.get('/api/product?q=HANDLOOM').expect(200);
    expect(search.body.map((p: { ProductName: string }) => p.ProductName)).toEqual([
      'Indigo handloom cotton',
    ]);

    const sorted = await t.api.get('/api/product?sort=-ProductName&limit=2&page=1').expect(200);
    const total = Number(sorted.headers['x-total-count']);
    expect(sorted.body).toHaveLength(2);
    expect(total).toBeGreaterThan(2);
    expect(
      sorted.body[0].ProductName.localeCompare(sorted.body[1].ProductName),
    ).toBeGreaterThanOrEqual(0);
    expect(sorted.headers.link).toContain('rel="next"');

    await t.api.get('/api/product?sort=Password').expect(400);
    const tooMany = await t.api.get('/api/product?limit=101').expect(400);
    expect(tooMany.body.errors).toEqual({ limit: 'limit must be at most 100' });
  });

  it('gives the same total on a full page, a partial page, the last page and one past the end', async () => {
    const all = await t.api.get('/api/product?limit=100').set(auth).expect(200);
    const total = all.body.length;
    expect(total).toBeGreaterThan(3);
    expect(all.headers['x-total-count']).toBe(String(total));
    for (const query of [
      `limit=${total}`,
      `limit=${total - 1}`,
      `limit=${total - 1}&page=2`,
      'limit=2&page=2',
      `limit=2&page=${total}`,
    ]) {
      const page = await t.api.get(`/api/product?${query}`).set(auth).expect(200);
      expect([query, page.headers['x-total-count']]).toEqual([query, String(total)]);
    }
    const none = await t.api.get('/api/product?q=no-such-fabric').set(auth).expect(200);
    expect(none.headers['x-total-count']).toBe('0');
  });

  it('answers one product exactly as the list shows it, by id and by slug', async () => {
    for (const headers of [{}, auth]) {
      const [listed] = (await t.api.get('/api/product?limit=1').set(headers).expect(200)).body;
      const byId = await t.api.get(`/api/product/${listed._id}`).set(headers).expect(200);
      const bySlug = await t.api
        .get(`/api/product/singleproject/${listed.slug}`)
        .set(headers)
        .expect(200);
      expect(byId.body).toEqual(listed);
      expect(bySlug.body).toEqual(listed);
    }
  });

  it('lists the categories in use with a count and a cover image', async () => {
    const response = await t.api.get('/api/product/getcategory').expect(200);
    const khadi = response.body.find(
      (c: { ProductCategory: string }) => c.ProductCategory === 'Khadi',
    );
    expect(khadi).toMatchObject({ ProductCategory: 'Khadi', count: 2 });
    const cotton = response.body.find(
      (c: { ProductCategory: string }) => c.ProductCategory === 'Cotton',
    );
    expect(cotton.ProductImage).toMatch(/\.webp$/);
    // Unpublished products do not make a category appear for visitors.
    expect(response.body.map((c: { ProductCategory: string }) => c.ProductCategory)).not.toContain(
      'Poplin',
    );
  });

  it('validates fields with messages and stores nothing', async () => {
    const before = uploads().length;
    const response = await create(
      { ProductName: '', ProductCategory: 'Cotton', ProductPrice: 'cheap' },
      await pngImage(400, 300),
    ).expect(400);
    expect(response.body.errors).toEqual({
      ProductName: 'Product name is required',
      ProductPrice: 'Value must be a number',
    });
    expect(uploads().length).toBe(before);
  });

  it('refuses emptying a required field with null on update, and keeps the product', async () => {
    const created = await create({ ProductName: 'Kept name', ProductCategory: 'Linen' }).expect(
      201,
    );
    const response = await t.api
      .put(`/api/product/${created.body._id}`)
      .set(auth)
      .send({ ProductName: null, ProductPrice: null })
      .expect(400);
    expect(response.body.errors).toEqual({ ProductName: 'Product name is required' });
    const stored = await t.api.get(`/api/product/${created.body._id}`).expect(200);
    expect(stored.body.ProductName).toBe('Kept name');
  });

  it('refuses a file whose bytes are not an image, whatever its name says', async () => {
    const before = await t.api.get('/api/product?limit=100').set(auth);
    const response = await create(
      { ProductName: 'Spoof', ProductCategory: 'Cotton' },
      htmlPretendingToBeJpeg,
      'photo.jpg',
    ).expect(415);
    expect(response.body.message).toBe('Only JPEG, PNG, WebP, AVIF or GIF images are accepted');
    const after = await t.api.get('/api/product?limit=100').set(auth);
    expect(after.headers['x-total-count']).toBe(before.headers['x-total-count']);
  });

  it('refuses an upload over UPLOAD_MAX_MB with 413', async () => {
    const big = Buffer.concat([await pngImage(100, 100), Buffer.alloc(1.5 * 1024 * 1024)]);
    const response = await create(
      { ProductName: 'Too big', ProductCategory: 'Cotton' },
      big,
    ).expect(413);
    expect(response.body.statusCode).toBe(413);
  });

  it('refuses a decompression bomb before decoding it', async () => {
    const response = await create(
      { ProductName: 'Bomb', ProductCategory: 'Cotton' },
      pngBomb(),
      'bomb.png',
    ).expect(413);
    expect(response.body.message).toMatch(/too many pixels/);
  });

  it('sanitises rich text: scripts, handlers and javascript: links do not survive', async () => {
    const response = await create({
      ProductName: 'XSS attempt',
      ProductCategory: 'Linen',
      ProductDescription:
        '<p onclick="steal()">Hi<script>alert(1)</script><img src=x onerror=alert(2)><a href="javascript:alert(3)">x</a><a href="https://example.com">ok</a><iframe src="https://evil"></iframe><span style="color:red">s</span></p>',
    }).expect(201);
    const html = response.body.ProductDescription;
    expect(html).toBe(
      '<p>Hi<a>x</a><a href="https://example.com" rel="noopener noreferrer">ok</a><span>s</span></p>',
    );
  });

  it('replaces the image on update; the old files stay for the history, and go with the product', async () => {
    const created = await create(
      { ProductName: 'Replace me', ProductCategory: 'Linen' },
      await pngImage(700, 500),
    ).expect(201);
    const oldFiles = created.body.media.variants.map((v: { url: string }) => path.basename(v.url));
    const updated = await t.api
      .put(`/api/product/${created.body._id}`)
      .set(auth)
      .field('ProductHeading', 'Now with a new photo')
      .attach('Userimg', await pngImage(900, 600, '#22aa66'), 'new.png')
      .expect(200);
    expect(updated.body.ProductHeading).toBe('Now with a new photo');
    expect(updated.body.ProductName).toBe('Replace me');
    expect(updated.body.ProductImage).not.toBe(created.body.ProductImage);
    // The version before the update shows the old photo: it stays, to be restored.
    for (const file of oldFiles) expect(uploads()).toContain(file);
    await t.api.get(`/uploads/${created.body.ProductImage}`).expect(200);

    await t.api.delete(`/api/product/${created.body._id}`).set(auth).expect(204);
    const trash = await t.api.get('/api/trash?type=product').set(auth).expect(200);
    const entry = trash.body.find((e: { itemId: string }) => e.itemId === created.body._id);
    await t.api.delete(`/api/trash/${entry._id}`).set(auth).expect(204);
    for (const file of oldFiles) expect(uploads()).not.toContain(file);
    await t.api.get(`/uploads/${created.body.ProductImage}`).expect(404);
    await t.api.get(`/uploads/${updated.body.ProductImage}`).expect(404);
  });

  it('deletes a product into the trash; its files go when it is deleted for good', async () => {
    const created = await create(
      { ProductName: 'Delete me', ProductCategory: 'Linen' },
      await pngImage(500, 500),
    ).expect(201);
    const files = created.body.media.variants.map((v: { url: string }) => path.basename(v.url));
    await t.api.delete(`/api/product/${created.body._id}`).set(auth).expect(204);
    await t.api.get(`/api/product/${created.body._id}`).set(auth).expect(404);
    for (const file of files) expect(uploads()).toContain(file);

    const trash = await t.api.get('/api/trash?type=product').set(auth).expect(200);
    const entry = trash.body.find((e: { itemId: string }) => e.itemId === created.body._id);
    await t.api.delete(`/api/trash/${entry._id}`).set(auth).expect(204);
    for (const file of files) expect(uploads()).not.toContain(file);
  });

  it('refuses writes without an admin token', async () => {
    await t.api.post('/api/product/').send({ ProductName: 'X', ProductCategory: 'Y' }).expect(401);
    const some = (await t.api.get('/api/product')).body[0];
    await t.api.put(`/api/product/${some._id}`).send({ ProductName: 'X' }).expect(401);
    await t.api.delete(`/api/product/${some._id}`).expect(401);
  });

  it('accepts JSON as well as multipart for a product without an image', async () => {
    const response = await t.api
      .post('/api/product/')
      .set(auth)
      .send({
        ProductName: 'JSON linen',
        ProductCategory: 'Linen',
        ProductPrice: 300,
        published: true,
      })
      .expect(201);
    expect(response.body).toMatchObject({ ProductPrice: 300, ProductImage: '', media: null });
  });
});
