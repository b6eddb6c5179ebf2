import fs from 'node:fs';
import path from 'node:path';
import { bearer, useTestApp } from './support/test-app';
import { signedInUser } from './support/fixtures';
import { htmlPretendingToBeJpeg, pngImage } from './support/images';

interface GalleryItem {
  _id: string;
  image: string;
  alt: string;
  order: number;
  media: { variants: { width: number; url: string }[] };
}

describe('gallery', () => {
  let auth: Record<string, string>;
  const uploads = () =>
    fs.existsSync(path.join(t.dataDir, 'uploads'))
      ? fs.readdirSync(path.join(t.dataDir, 'uploads'))
      : [];
  const filesOf = (item: GalleryItem) => item.media.variants.map((v) => path.basename(v.url));

  const list = async (): Promise<GalleryItem[]> =>
    (await t.api.get('/api/gallery').expect(200)).body;

  /** Uploads `images` (name → bytes) with the given alt field values. */
  const upload = (images: [string, Buffer][], alts: string[]) => {
    const request = t.api.post('/api/gallery').set(auth);
    for (const alt of alts) request.field('alt', alt);
    for (const [name, bytes] of images) request.attach('images', bytes, name);
    return request;
  };

  /** Checks the gallery reads in `alts` order and is numbered 0..n-1. */
  const expectGallery = async (alts: string[]) => {
    const items = await list();
    expect(items.map((item) => item.alt)).toEqual(alts);
    expect(items.map((item) => item.order)).toEqual(alts.map((_, index) => index));
    return items;
  };

  const t = useTestApp({ UPLOAD_MAX_MB: '1' });
  beforeAll(async () => {
    auth = bearer(t.adminToken);
  });

  it('lists an empty gallery to anonymous visitors as an array with X-Total-Count', async () => {
    const response = await t.api.get('/api/gallery').expect(200);
    expect(response.body).toEqual([]);
    expect(response.headers['x-total-count']).toBe('0');
  });

  it('uploads several images at once with one alt text each, in order, with variants', async () => {
    const response = await upload(
      [
        ['a.png', await pngImage(700, 500, '#aa3333')],
        ['b.png', await pngImage(400, 400, '#33aa33')],
        ['c.png', await pngImage(500, 300, '#3333aa')],
      ],
      ['  Red madder-dyed cotton  ', 'Green khadi', 'Indigo linen'],
    ).expect(201);

    expect(response.body).toHaveLength(3);
    expect(response.body.map((item: GalleryItem) => [item.alt, item.order])).toEqual([
      ['Red madder-dyed cotton', 0],
      ['Green khadi', 1],
      ['Indigo linen', 2],
    ]);
    const [first] = response.body as GalleryItem[];
    expect(first.media.variants.map((v) => v.width)).toEqual([72, 144, 320, 640, 700]);
    expect(first.image).toMatch(/^[0-9a-f]{20}-700\.webp$/);
    await t.api.get(`/uploads/${first.image}`).expect(200);

    const items = await expectGallery(['Red madder-dyed cotton', 'Green khadi', 'Indigo linen']);
    expect(items.map((item) => item._id)).toEqual(
      response.body.map((item: GalleryItem) => item._id),
    );
  });

  it('applies a single alt text to every image of the batch, after the existing ones', async () => {
    const response = await upload(
      [
        ['d.png', await pngImage(300, 300, '#999999')],
        ['e.png', await pngImage(300, 300, '#555555')],
      ],
      ['Poplin shirting'],
    ).expect(201);
    expect(response.body.map((item: GalleryItem) => [item.alt, item.order])).toEqual([
      ['Poplin shirting', 3],
      ['Poplin shirting', 4],
    ]);
    await expectGallery([
      'Red madder-dyed cotton',
      'Green khadi',
      'Indigo linen',
      'Poplin shirting',
      'Poplin shirting',
    ]);
  });

  it('pages with limit and page, and refuses a limit over 100', async () => {
    const page = await t.api.get('/api/gallery?limit=2&page=2').expect(200);
    expect(page.body.map((item: GalleryItem) => item.order)).toEqual([2, 3]);
    expect(page.headers['x-total-count']).toBe('5');
    expect(page.headers.link).toContain('rel="next"');
    const tooMany = await t.api.get('/api/gallery?limit=101').expect(400);
    expect(tooMany.body.errors).toEqual({ limit: 'limit must be at most 100' });
  });

  it('refuses an upload without alt text, or with an empty one, and stores nothing', async () => {
    const before = uploads();
    const missing = await upload([['f.png', await pngImage(300, 300)]], []).expect(400);
    expect(missing.body.errors).toEqual({ alt: 'Alt text is required: describe each image' });

    const empty = await upload(
      [
        ['f.png', await pngImage(300, 300)],
        ['g.png', await pngImage(300, 300)],
      ],
      ['A loom', '   '],
    ).expect(400);
    expect(empty.body.errors).toEqual({ alt: 'Alt text is required: describe each image' });

    const tooLong = await upload([['f.png', await pngImage(300, 300)]], ['x'.repeat(201)]).expect(
      400,
    );
    expect(tooLong.body.errors).toEqual({ alt: 'Alt text must be at most 200 characters' });

    expect(uploads()).toEqual(before);
    expect(await list()).toHaveLength(5);
  });

  it('refuses alt texts that match neither one for all nor one per image', async () => {
    const before = uploads();
    const response = await upload(
      [
        ['f.png', await pngImage(300, 300)],
        ['g.png', await pngImage(300, 300)],
        ['h.png', await pngImage(300, 300)],
      ],
      ['One', 'Two'],
    ).expect(400);
    expect(response.body.errors.alt).toBe(
      'Give one alt text for all images or one per image (3 images, 2 alt texts)',
    );
    expect(uploads()).toEqual(before);
  });

  it('refuses an upload without a file', async () => {
    const response = await t.api
      .post('/api/gallery')
      .set(auth)
      .field('alt', 'Nothing attached')
      .expect(400);
    expect(response.body.message).toBe('Choose at least one image');
    expect(response.body.errors).toEqual({ images: 'Choose at least one image' });
  });

  it('refuses more than 10 images in one upload', async () => {
    const before = uploads();
    const tiny = await pngImage(20, 20);
    const images = Array.from({ length: 11 }, (_, index): [string, Buffer] => [
      `${index}.png`,
      tiny,
    ]);
    const response = await upload(images, ['Too many']).expect(400);
    expect(response.body.message).toBe('Too many files');
    expect(uploads()).toEqual(before);
  });

  it('keeps none of a batch when one file is not an image, and leaves no files behind', async () => {
    const before = uploads();
    const response = await upload(
      [
        ['ok-1.png', await pngImage(600, 400, '#123456')],
        ['ok-2.png', await pngImage(600, 400, '#654321')],
        ['photo.jpg', htmlPretendingToBeJpeg],
      ],
      ['Good one', 'Good two', 'Spoof'],
    ).expect(415);
    expect(response.body.message).toBe('Only JPEG, PNG, WebP, AVIF or GIF images are accepted');
    expect(uploads()).toEqual(before);
    expect((await list()).map((item) => item.alt)).not.toContain('Good one');
  });

  it('keeps none of a batch when one file is over UPLOAD_MAX_MB', async () => {
    const before = uploads();
    const big = Buffer.concat([await pngImage(100, 100), Buffer.alloc(1.5 * 1024 * 1024)]);
    await upload(
      [
        ['ok.png', await pngImage(300, 300)],
        ['big.png', big],
      ],
      ['Fine', 'Too big'],
    ).expect(413);
    expect(uploads()).toEqual(before);
    expect(await list()).toHaveLength(5);
  });

  it('changes the alt text', async () => {
    const [first] = await list();
    const response = await t.api
      .patch(`/api/gallery/${first._id}`)
      .set(auth)
      .send({ alt: '  Madder-dyed cotton drying in the sun ' })
      .expect(200);
    expect(response.body).toMatchObject({
      _id: first._id,
      alt: 'Madder-dyed cotton drying in the sun',
      order: 0,
      image: first.image,
    });
    const empty = await t.api
      .patch(`/api/gallery/${first._id}`)
      .set(auth)
      .send({ alt: '' })
      .expect(400);
    expect(empty.body.errors).toEqual({ alt: 'Alt text is required: describe the image' });
  });

  it('moves an image and renumbers the others without gaps or duplicates', async () => {
    const items = await list();
    const [a, b, c, d, e] = items.map((item) => item._id);

    // Last to second.
    const moved = await t.api.patch(`/api/gallery/${e}`).set(auth).send({ order: 1 }).expect(200);
    expect(moved.body.order).toBe(1);
    expect((await list()).map((item) => item._id)).toEqual([a, e, b, c, d]);

    // First to a position past the end: it goes last.
    await t.api.patch(`/api/gallery/${a}`).set(auth).send({ order: 99 }).expect(200);
    const after = await list();
    expect(after.map((item) => item._id)).toEqual([e, b, c, d, a]);
    expect(after.map((item) => item.order)).toEqual([0, 1, 2, 3, 4]);

    // Alt text and position at once.
    const both = await t.api
      .patch(`/api/gallery/${c}`)
      .set(auth)
      .send({ alt: 'Indigo linen, folded', order: 0 })
      .expect(200);
    expect(both.body).toMatchObject({ alt: 'Indigo linen, folded', order: 0 });
    expect((await list()).map((item) => [item._id, item.order])).toEqual([
      [c, 0],
      [e, 1],
      [b, 2],
      [d, 3],
      [a, 4],
    ]);
  });

  it('validates the order', async () => {
    const [first] = await list();
    const negative = await t.api
      .patch(`/api/gallery/${first._id}`)
      .set(auth)
      .send({ order: -1 })
      .expect(400);
    expect(negative.body.errors).toEqual({ order: 'Order must be 0 or more' });
    const fraction = await t.api
      .patch(`/api/gallery/${first._id}`)
      .set(auth)
      .send({ order: 1.5 })
      .expect(400);
    expect(fraction.body.errors).toEqual({ order: 'Order must be a whole number' });
    await t.api.patch(`/api/gallery/${first._id}`).set(auth).send({ image: 'x.webp' }).expect(400);
  });

  it('deletes an image into the trash and renumbers the rest; deleted for good, its files go', async () => {
    const before = await list();
    const victim = before[1];
    const files = filesOf(victim);
    for (const file of files) expect(uploads()).toContain(file);

    await t.api.delete(`/api/gallery/${victim._id}`).set(auth).expect(204);

    for (const file of files) expect(uploads()).toContain(file);
    const [entry] = (await t.api.get('/api/trash?type=gallery').set(auth).expect(200)).body;
    expect(entry.itemId).toBe(victim._id);
    await t.api.delete(`/api/trash/${entry._id}`).set(auth).expect(204);
    for (const file of files) expect(uploads()).not.toContain(file);
    await t.api.get(`/uploads/${victim.image}`).expect(404);
    const after = await list();
    expect(after.map((item) => item._id)).toEqual(
      before.filter((item) => item._id !== victim._id).map((item) => item._id),
    );
    expect(after.map((item) => item.order)).toEqual([0, 1, 2, 3]);
  });

  it('answers 400 for a malformed id and 404 for a missing image', async () => {
    const malformed = await t.api
      .patch('/api/gallery/not-an-id')
      .set(auth)
      .send({ alt: 'x' })
      .expect(400);
    expect(malformed.body.errors).toEqual({ id: 'Must be a 24-character hexadecimal id' });
    await t.api.delete('/api/gallery/not-an-id').set(auth).expect(400);

    const missing = '665f1c2e8b3e4a0012345678';
    const notFound = await t.api
      .patch(`/api/gallery/${missing}`)
      .set(auth)
      .send({ alt: 'x' })
      .expect(404);
    expect(notFound.body.message).toBe('Gallery image not found');
    await t.api.delete(`/api/gallery/${missing}`).set(auth).expect(404);
  });

  it('refuses writes without a token (401) and from a user who is not an administrator (403)', async () => {
    const [first] = await list();
    const image = await pngImage(100, 100);
    await t.api.post('/api/gallery').field('alt', 'x').attach('images', image, 'x.png').expect(401);
    await t.api.patch(`/api/gallery/${first._id}`).send({ alt: 'x' }).expect(401);
    await t.api.delete(`/api/gallery/${first._id}`).expect(401);

    const { auth: user } = await signedInUser(t, {
      UserName: 'ravi.mehta',
      Password: 'not-an-admin-password',
      isAdmin: false,
    });
    const forbidden = await t.api
      .post('/api/gallery')
      .set(user)
      .field('alt', 'x')
      .attach('images', image, 'x.png')
      .expect(403);
    expect(forbidden.body.message).toBe('Administrator access is required');
    await t.api.patch(`/api/gallery/${first._id}`).set(user).send({ alt: 'x' }).expect(403);
    await t.api.delete(`/api/gallery/${first._id}`).set(user).expect(403);

    expect((await list())[0]).toMatchObject({ _id: first._id, alt: first.alt });
  });
});
