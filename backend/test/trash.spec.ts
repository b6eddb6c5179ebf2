import fs from 'node:fs';
import path from 'node:path';
import { Clock } from '../src/common/clock/clock';
import { JobsService } from '../src/jobs/jobs.service';
import { TrashService } from '../src/trash/trash.service';
import { bearer, useTestApp } from './support/test-app';
import { postReviewWithPhotos, variantBytes, createRecord } from './support/fixtures';
import { pngImage } from './support/images';

interface Variant {
  width: number;
  url: string;
}
interface TrashEntry {
  _id: string;
  type: string;
  itemId: string;
  name: string;
  deletedBy: { id: string; UserName: string } | null;
  deletedAt: string;
  purgeAt: string;
  image: { variants: Variant[] } | null;
}

describe('trash', () => {
  let auth: Record<string, string>;
  const uploads = () => {
    const dir = path.join(t.dataDir, 'uploads');
    return fs.existsSync(dir) ? fs.readdirSync(dir) : [];
  };
  const filesOf = (media: { variants: Variant[] }) =>
    media.variants.map((variant) => path.basename(variant.url));
  const bytesOf = (media: { variants: Variant[] }) => variantBytes(t, media);
  const trash = async (query = ''): Promise<TrashEntry[]> =>
    (await t.api.get(`/api/trash${query}`).set(auth).expect(200)).body;
  const entryFor = async (itemId: string) => {
    const entry = (await trash('?limit=100')).find((candidate) => candidate.itemId === itemId);
    if (!entry) throw new Error(`${itemId} is not in the trash`);
    return entry;
  };

  const createProduct = async (fields: Record<string, string>, color = '#3b5ba5') => {
    const request = t.api.post('/api/product').set(auth);
    for (const [key, value] of Object.entries(fields)) request.field(key, value);
    request.attach('Userimg', await pngImage(900, 600, color), 'photo.png');
    return (await request.expect(201)).body;
  };

  const t = useTestApp({ TRASH_DAYS: '30' });
  beforeAll(async () => {
    auth = bearer(t.adminToken);
  });

  it('moves a deleted product to the trash, out of every list, and restores it whole', async () => {
    const product = await createProduct({
      ProductName: 'Indigo Khadi Throw',
      ProductCategory: 'Khadi',
      ProductDescription: '<p>Hand-spun.</p>',
      published: 'false',
    });
    const before = await bytesOf(product.media);

    // The seed's route answers as it always did.
    await t.api.delete(`/api/product/${product._id}`).set(auth).expect(204);

    await t.api.get(`/api/product/${product._id}`).set(auth).expect(404);
    const adminList = await t.api.get('/api/product?limit=100').set(auth).expect(200);
    expect(adminList.body.map((item: { _id: string }) => item._id)).not.toContain(product._id);
    await t.api.get('/api/product/singleproject/indigo-khadi-throw').set(auth).expect(404);
    const categories = await t.api.get('/api/product/getcategory').set(auth).expect(200);
    expect(
      categories.body.map((group: { ProductCategory: string }) => group.ProductCategory),
    ).not.toContain('Khadi');
    // Its images stay until it is deleted for good.
    for (const file of filesOf(product.media)) expect(uploads()).toContain(file);

    const entry = await entryFor(product._id);
    expect(entry).toMatchObject({
      type: 'product',
      name: 'Indigo Khadi Throw',
      deletedBy: { UserName: 'admin', id: expect.any(String) },
      image: { variants: product.media.variants },
    });
    expect(Date.parse(entry.purgeAt) - Date.parse(entry.deletedAt)).toBe(30 * 24 * 3600 * 1000);
    expect(entry).not.toHaveProperty('document');

    const restored = await t.api.post(`/api/trash/${entry._id}/restore`).set(auth).expect(200);
    expect(restored.body).toEqual({
      type: 'product',
      _id: product._id,
      name: 'Indigo Khadi Throw',
    });

    const back = await t.api.get(`/api/product/${product._id}`).set(auth).expect(200);
    expect(back.body).toEqual(product);
    expect(back.body).toMatchObject({ slug: 'indigo-khadi-throw', published: false });
    expect(await bytesOf(back.body.media)).toEqual(before);
    expect((await trash()).map((candidate) => candidate._id)).not.toContain(entry._id);
    await t.api.post(`/api/trash/${entry._id}/restore`).set(auth).expect(404);
  });

  it('takes a visitor-facing product off the public pages while it is in the trash', async () => {
    const product = await createProduct({ ProductName: 'Sunlit Linen', ProductCategory: 'Linen' });
    await t.api.get('/api/product/singleproject/sunlit-linen').expect(200);
    await t.api.delete(`/api/product/${product._id}`).set(auth).expect(204);
    await t.api.get('/api/product/singleproject/sunlit-linen').expect(404);
    const publicList = await t.api.get('/api/product?limit=100').expect(200);
    expect(publicList.body.map((item: { _id: string }) => item._id)).not.toContain(product._id);

    await t.api
      .post(`/api/trash/${(await entryFor(product._id))._id}/restore`)
      .set(auth)
      .expect(200);
    await t.api.get('/api/product/singleproject/sunlit-linen').expect(200);
  });

  it('restores a review with all its photos, in order, byte for byte', async () => {
    const review = await postReviewWithPhotos(
      t,
      auth,
      { ClientName: 'Asha Rao', ClientReview: 'Lovely curtains.' },
      ['#aa3333', '#33aa33'],
    );
    const before = await Promise.all(review.media.map(bytesOf));

    await t.api.delete(`/api/reviews/${review._id}`).set(auth).expect(204);
    await t.api.get(`/api/reviews/${review._id}`).set(auth).expect(404);
    const entry = await entryFor(review._id);
    expect(entry).toMatchObject({ type: 'review', name: 'Asha Rao' });

    await t.api.post(`/api/trash/${entry._id}/restore`).set(auth).expect(200);
    const back = await t.api.get(`/api/reviews/${review._id}`).set(auth).expect(200);
    expect(back.body.ClientImage).toEqual(review.ClientImage);
    expect(await Promise.all(back.body.media.map(bytesOf))).toEqual(before);
  });

  it('restores a gallery image to the place it had', async () => {
    const upload = t.api.post('/api/gallery').set(auth);
    for (const alt of ['one', 'two', 'three']) upload.field('alt', alt);
    for (const color of ['#111111', '#222222', '#333333'])
      upload.attach('images', await pngImage(300, 300, color), 'g.png');
    const [, middle] = (await upload.expect(201)).body;

    await t.api.delete(`/api/gallery/${middle._id}`).set(auth).expect(204);
    const without = await t.api.get('/api/gallery').expect(200);
    expect(without.body.map((image: { alt: string }) => image.alt)).toEqual(['one', 'three']);

    const entry = await entryFor(middle._id);
    expect(entry).toMatchObject({ type: 'gallery', name: 'two' });
    await t.api.post(`/api/trash/${entry._id}/restore`).set(auth).expect(200);
    const back = await t.api.get('/api/gallery').expect(200);
    expect(
      back.body.map((image: { alt: string; order: number }) => [image.alt, image.order]),
    ).toEqual([
      ['one', 0],
      ['two', 1],
      ['three', 2],
    ]);
  });

  it('restores a user who can sign in again with the same password, but not with an old session', async () => {
    const user = await createRecord(t, auth, '/api/user', {
      FirstName: 'Ravi',
      LastName: 'Menon',
      UserName: 'ravi',
      Email: 'ravi@example.com',
      Number: '+91 98765 43210',
      Password: 'ravi-password-1',
    });
    const earlierToken = await t.login('ravi', 'ravi-password-1');
    await t.api.delete(`/api/user/${user._id}`).set(auth).expect(204);
    await t.api
      .post('/api/user/login')
      .send({ UserName: 'ravi', Password: 'ravi-password-1' })
      .expect(401);

    const entry = await entryFor(user._id);
    expect(entry).toMatchObject({ type: 'user', name: 'ravi', image: null });
    expect(JSON.stringify(await trash())).not.toMatch(/argon2|Password/);

    await t.api.post(`/api/trash/${entry._id}/restore`).set(auth).expect(200);
    const token = await t.login('ravi', 'ravi-password-1');
    await t.api.get('/api/account').set(bearer(token)).expect(200);
    // Its sessions from before the deletion stay ended.
    await t.api.get('/api/account').set(bearer(earlierToken)).expect(401);
    const back = await t.api.get(`/api/user/${user._id}`).set(auth).expect(200);
    expect(back.body).toMatchObject({ UserName: 'ravi', Email: 'ravi@example.com' });
    expect(back.body).not.toHaveProperty('Password');
  });

  it('answers 409 naming the field when a live item took the user name, e-mail or slug, and changes nothing', async () => {
    const user = await createRecord(t, auth, '/api/user', {
      FirstName: 'Leela',
      LastName: 'Das',
      UserName: 'leela',
      Email: 'leela@example.com',
      Number: '+91 98765 43211',
      Password: 'leela-password-1',
    });
    await t.api.delete(`/api/user/${user._id}`).set(auth).expect(204);
    const newcomer = await createRecord(t, auth, '/api/user', {
      FirstName: 'Other',
      LastName: 'Leela',
      UserName: 'Leela',
      Email: 'LEELA@example.com',
      Number: '+91 98765 43212',
      Password: 'other-password-1',
    });
    const userEntry = await entryFor(user._id);
    const clash = await t.api.post(`/api/trash/${userEntry._id}/restore`).set(auth).expect(409);
    expect(clash.body.errors).toEqual({
      UserName: expect.stringMatching(/user name/),
      Email: expect.stringMatching(/e-mail/),
    });
    await t.api.get(`/api/user/${user._id}`).set(auth).expect(404);
    await t.api.get(`/api/user/${newcomer._id}`).set(auth).expect(200);
    expect((await entryFor(user._id))._id).toBe(userEntry._id);

    const product = await createProduct({ ProductName: 'Twill Weave', ProductCategory: 'Cotton' });
    await t.api.delete(`/api/product/${product._id}`).set(auth).expect(204);
    const taker = await createProduct({ ProductName: 'Twill Weave', ProductCategory: 'Cotton' });
    expect(taker.slug).toBe('twill-weave');
    const productEntry = await entryFor(product._id);
    const slugClash = await t.api
      .post(`/api/trash/${productEntry._id}/restore`)
      .set(auth)
      .expect(409);
    expect(Object.keys(slugClash.body.errors)).toEqual(['slug']);
    for (const file of filesOf(product.media)) expect(uploads()).toContain(file);

    // Once the other one is renamed, the restore goes through.
    await t.api
      .put(`/api/product/${taker._id}`)
      .set(auth)
      .send({ ProductName: 'Twill Weave II' })
      .expect(200);
    await t.api.post(`/api/trash/${productEntry._id}/restore`).set(auth).expect(200);
    expect((await t.api.get(`/api/product/${product._id}`).set(auth).expect(200)).body.slug).toBe(
      'twill-weave',
    );
  });

  it('deletes for good: the entry and the image files go, and nothing can bring it back', async () => {
    const product = await createProduct({ ProductName: 'Gone Poplin', ProductCategory: 'Poplin' });
    await t.api.delete(`/api/product/${product._id}`).set(auth).expect(204);
    const entry = await entryFor(product._id);

    await t.api.delete(`/api/trash/${entry._id}`).set(auth).expect(204);
    for (const file of filesOf(product.media)) expect(uploads()).not.toContain(file);
    await t.api.get(`/uploads/${product.ProductImage}`).expect(404);
    await t.api.post(`/api/trash/${entry._id}/restore`).set(auth).expect(404);
    await t.api.delete(`/api/trash/${entry._id}`).set(auth).expect(404);
    await t.api.get(`/api/product/${product._id}`).set(auth).expect(404);
  });

  it('filters by type, searches names, and refuses an unknown type', async () => {
    const service = await createRecord(t, auth, '/api/service', {
      ServiceName: 'Vastu Audit',
      ServiceCategory: 'Vastu Consultancy',
    });
    await t.api.delete(`/api/service/${service._id}`).set(auth).expect(204);

    const services = await t.api.get('/api/trash?type=service').set(auth).expect(200);
    expect(services.body.map((entry: TrashEntry) => entry.name)).toEqual(['Vastu Audit']);
    expect(services.headers['x-total-count']).toBe('1');
    const found = await trash('?q=vastu');
    expect(found.map((entry) => entry.itemId)).toEqual([service._id]);
    const bad = await t.api.get('/api/trash?type=enquiry').set(auth).expect(400);
    expect(bad.body.errors).toHaveProperty('type');
  });

  it('records restores and deletions for good in the audit log', async () => {
    const product = await createProduct({ ProductName: 'Audited Silk', ProductCategory: 'Silk' });
    await t.api.delete(`/api/product/${product._id}`).set(auth).expect(204);
    const entry = await entryFor(product._id);
    await t.api.post(`/api/trash/${entry._id}/restore`).set(auth).expect(200);
    await t.api.delete(`/api/product/${product._id}`).set(auth).expect(204);
    const again = await entryFor(product._id);
    await t.api.delete(`/api/trash/${again._id}`).set(auth).expect(204);

    const audit = await t.api.get('/api/audit?category=trash').set(auth).expect(200);
    expect(
      audit.body
        .slice(0, 2)
        .map((row: { action: string; entityId: string; actorName: string }) => [
          row.action,
          row.entityId,
          row.actorName,
        ]),
    ).toEqual([
      ['delete', again._id, 'admin'],
      ['restore', entry._id, 'admin'],
    ]);
  });

  // Last: the purge at "30 days later" takes every earlier test's leftovers with it.
  it('purges what has been in the trash TRASH_DAYS, images included, and keeps the rest', async () => {
    expect(t.app.get(JobsService).names).toContain('trash-purge');
    const clock = t.app.get(Clock);
    const start = clock.now().getTime();
    const day = 24 * 3600 * 1000;
    const at = (ms: number) => jest.spyOn(clock, 'now').mockReturnValue(new Date(start + ms));
    try {
      const old = await createProduct({ ProductName: 'Old Muslin', ProductCategory: 'Muslin' });
      at(0);
      await t.api.delete(`/api/product/${old._id}`).set(auth).expect(204);
      const recent = await createProduct({ ProductName: 'New Muslin', ProductCategory: 'Muslin' });
      at(10 * day);
      await t.api.delete(`/api/product/${recent._id}`).set(auth).expect(204);
      const purge = () => t.app.get(TrashService).purge();

      at(30 * day - 60_000);
      await purge();
      await entryFor(old._id);
      for (const file of filesOf(old.media)) expect(uploads()).toContain(file);

      at(30 * day + 60_000);
      expect(await purge()).toBeGreaterThanOrEqual(1);
      const left = (await trash('?limit=100')).map((entry) => entry.itemId);
      expect(left).not.toContain(old._id);
      for (const file of filesOf(old.media)) expect(uploads()).not.toContain(file);
      await t.api.get(`/uploads/${old.ProductImage}`).expect(404);
      // Deleted ten days later, it has twenty days to go, and its images are all there.
      expect(left).toEqual([recent._id]);
      for (const file of filesOf(recent.media)) expect(uploads()).toContain(file);
      const entry = await entryFor(recent._id);
      await t.api.post(`/api/trash/${entry._id}/restore`).set(auth).expect(200);
      expect(
        (await t.api.get(`/api/product/${recent._id}`).set(auth).expect(200)).body.media,
      ).toEqual(recent.media);
    } finally {
      jest.restoreAllMocks();
    }
  });
});
