import { MongoClient, ObjectId } from 'mongodb';
import fs from 'node:fs';
import path from 'node:path';
import { bearer, useTestApp } from './support/test-app';
import { contentForm, createRecord, postReviewWithPhotos, variantBytes } from './support/fixtures';
import { pngImage } from './support/images';

interface Change {
  field: string;
  before: unknown;
  after: unknown;
}
interface Revision {
  _id: string;
  at: string;
  by: { id: string; UserName: string } | null;
  restoredFrom: string | null;
  changes: Change[];
}
interface Variant {
  url: string;
}

describe('revisions', () => {
  let auth: Record<string, string>;
  const uploads = () => {
    const dir = path.join(t.dataDir, 'uploads');
    return fs.existsSync(dir) ? fs.readdirSync(dir) : [];
  };
  const bytesOf = (media: { variants: Variant[] }) => variantBytes(t, media);
  const history = async (url: string): Promise<Revision[]> =>
    (await t.api.get(url).set(auth).expect(200)).body;
  const fieldsOf = (revision: Revision) => revision.changes.map((change) => change.field).sort();

  const t = useTestApp();
  beforeAll(async () => {
    auth = bearer(t.adminToken);
  });

  it('keeps each version of a product with who changed which fields, and restores one whole', async () => {
    const created = await contentForm(
      t.api.post('/api/product').set(auth),
      {
        ProductName: 'Ikat Cotton',
        ProductCategory: 'Cotton',
        ProductHeading: 'Resist-dyed',
        ProductDescription: '<p>Tied and <strong>dyed</strong> by hand.</p>',
      },
      await pngImage(800, 600, '#aa5522'),
      'ikat.png',
    ).expect(201);
    const original = created.body;
    const originalBytes = await bytesOf(original.media);
    const url = `/api/product/${original._id}/revisions`;
    expect(await history(url)).toEqual([]);

    const photo = await contentForm(
      t.api.put(`/api/product/${original._id}`).set(auth),
      { ProductHeading: 'Double ikat', ProductDescription: '<p>Warp and weft both dyed.</p>' },
      await pngImage(800, 600, '#2255aa'),
      'new.png',
    ).expect(200);
    await t.api
      .put(`/api/product/${original._id}`)
      .set(auth)
      .send({ ProductName: 'Patola Silk' })
      .expect(200);
    // Saving the same values again is no new version.
    await t.api
      .put(`/api/product/${original._id}`)
      .set(auth)
      .send({ ProductName: 'Patola Silk' })
      .expect(200);

    const [renamed, rephotographed] = await history(url);
    expect(await history(url)).toHaveLength(2);
    expect(renamed.by).toEqual({ id: expect.any(String), UserName: 'admin' });
    expect(renamed.changes).toEqual(
      expect.arrayContaining([
        { field: 'ProductName', before: 'Ikat Cotton', after: 'Patola Silk' },
        { field: 'slug', before: 'ikat-cotton', after: 'patola-silk' },
      ]),
    );
    // The new picture is the cover: the first of the photos, and the spec's ProductImage.
    expect(fieldsOf(rephotographed)).toEqual([
      'ProductDescription',
      'ProductHeading',
      'ProductImage',
      'photos',
    ]);
    expect(rephotographed.changes).toContainEqual({
      field: 'ProductHeading',
      before: 'Resist-dyed',
      after: 'Double ikat',
    });
    expect(rephotographed.changes).toContainEqual({
      field: 'ProductImage',
      before: original.ProductImage,
      after: photo.body.ProductImage,
    });

    // Bring back the version from before both changes: the one the photo change replaced.
    const restored = await t.api.post(`${url}/${rephotographed._id}/restore`).set(auth).expect(200);
    expect(restored.body).toMatchObject({
      _id: original._id,
      ProductName: 'Ikat Cotton',
      slug: 'ikat-cotton',
      ProductHeading: 'Resist-dyed',
      ProductDescription: original.ProductDescription,
      ProductImage: original.ProductImage,
      media: original.media,
    });
    expect(await bytesOf(restored.body.media)).toEqual(originalBytes);
    await t.api.get('/api/product/singleproject/ikat-cotton').expect(200);

    // The restore is a change like any other: the version it replaced is kept in turn.
    const after = await history(url);
    expect(after).toHaveLength(3);
    expect(after[0].restoredFrom).toBe(rephotographed._id);
    expect(after[0].changes).toContainEqual({
      field: 'ProductName',
      before: 'Patola Silk',
      after: 'Ikat Cotton',
    });
    await t.api.post(`${url}/${after[0]._id}/restore`).set(auth).expect(200);
    const back = await t.api.get(`/api/product/${original._id}`).set(auth).expect(200);
    expect(back.body).toMatchObject({
      ProductName: 'Patola Silk',
      ProductImage: photo.body.ProductImage,
    });

    const audit = await t.api.get('/api/audit?category=product').set(auth).expect(200);
    expect(audit.body[0]).toMatchObject({
      action: 'restore',
      entityId: original._id,
      path: `${url}/${after[0]._id}/restore`,
    });
  });

  it('keeps the versions of the site settings, and restores one', async () => {
    const first = (await t.api.get('/api/settings').expect(200)).body;
    expect(await history('/api/settings/revisions')).toEqual([]);
    const edited = { ...first, companyName: 'Vitrine Weaves', story: 'Since 2002, by hand.' };
    delete edited.updatedAt;
    await t.api.put('/api/settings').set(auth).send(edited).expect(200);
    await t.api
      .put('/api/settings')
      .set(auth)
      .send({ ...edited, tagline: 'Cloth with a story' })
      .expect(200);

    const [tagline, renamed] = await history('/api/settings/revisions');
    expect(tagline.changes).toEqual([
      { field: 'tagline', before: first.tagline, after: 'Cloth with a story' },
    ]);
    expect(fieldsOf(renamed)).toEqual(['companyName', 'story']);

    const restored = await t.api
      .post(`/api/settings/revisions/${renamed._id}/restore`)
      .set(auth)
      .expect(200);
    expect(restored.body).toMatchObject({
      companyName: first.companyName,
      story: first.story,
      tagline: first.tagline,
    });
    expect(restored.body).not.toHaveProperty('_id');
    expect((await t.api.get('/api/settings').expect(200)).body.companyName).toBe(first.companyName);
    const after = await history('/api/settings/revisions');
    expect(after).toHaveLength(3);
    expect(after[0]).toMatchObject({ restoredFrom: renamed._id, by: { UserName: 'admin' } });
  });

  it('restores a review version with the photo an edit had dropped', async () => {
    const review = await postReviewWithPhotos(
      t,
      auth,
      { ClientName: 'Nandini', ClientReview: 'Soft and strong.' },
      ['#123456', '#654321'],
    );
    const droppedBytes = await bytesOf(review.media[1]);
    await t.api
      .put(`/api/reviews/${review._id}`)
      .set(auth)
      .send({ keepImages: [review.ClientImage[0]], ClientReview: 'Soft.' })
      .expect(200);
    const [edit] = await history(`/api/reviews/${review._id}/revisions`);
    expect(fieldsOf(edit)).toEqual(['ClientImage', 'ClientReview', 'photos']);

    const restored = await t.api
      .post(`/api/reviews/${review._id}/revisions/${edit._id}/restore`)
      .set(auth)
      .expect(200);
    expect(restored.body.ClientImage).toEqual(review.ClientImage);
    expect(restored.body.ClientReview).toBe('Soft and strong.');
    expect(await bytesOf(restored.body.media[1])).toEqual(droppedBytes);
  });

  it('keeps the last 50 versions; an image only the dropped ones showed goes with them', async () => {
    const created = await contentForm(
      t.api.post('/api/service').set(auth),
      { ServiceName: 'Courtyard planting', ServiceCategory: 'Landscape' },
      await pngImage(500, 400, '#337733'),
      's.png',
    ).expect(201);
    const service = created.body;
    const firstFiles = service.media.variants.map((v: Variant) => path.basename(v.url));
    await t.api
      .put(`/api/service/${service._id}`)
      .set(auth)
      .attach('Userimg', await pngImage(500, 400, '#773333'), 's2.png')
      .expect(200);
    for (let n = 1; n <= 49; n++) {
      await t.api
        .put(`/api/service/${service._id}`)
        .set(auth)
        .send({ ServiceHeading: `Heading ${n}` })
        .expect(200);
    }
    const url = `/api/service/${service._id}/revisions`;
    const fifty = await history(url);
    expect(fifty).toHaveLength(50);
    // The first version (with the first photo) is still there, as the oldest.
    expect(fifty.at(-1)!.changes.map((change) => change.field)).toContain('ServiceImage');
    for (const file of firstFiles) expect(uploads()).toContain(file);

    await t.api
      .put(`/api/service/${service._id}`)
      .set(auth)
      .send({ ServiceHeading: 'Heading 50' })
      .expect(200);
    const kept = await history(url);
    expect(kept).toHaveLength(50);
    expect(kept.map((revision) => revision._id)).not.toContain(fifty.at(-1)!._id);
    await t.api
      .post(`${url}/${fifty.at(-1)!._id}/restore`)
      .set(auth)
      .expect(404);
    for (const file of firstFiles) expect(uploads()).not.toContain(file);
    const current = await t.api.get(`/api/service/${service._id}`).set(auth).expect(200);
    await bytesOf(current.body.media);
  });

  it('keeps the history of a deleted item until it is deleted for good', async () => {
    const product = await createRecord(t, auth, '/api/product', {
      ProductName: 'Jamdani',
      ProductCategory: 'Cotton',
    });
    await t.api
      .put(`/api/product/${product._id}`)
      .set(auth)
      .send({ ProductHeading: 'Figured muslin' })
      .expect(200);
    await t.api.delete(`/api/product/${product._id}`).set(auth).expect(204);
    await t.api.get(`/api/product/${product._id}/revisions`).set(auth).expect(404);
    const [entry] = (await t.api.get('/api/trash?q=Jamdani').set(auth).expect(200)).body;
    await t.api.post(`/api/trash/${entry._id}/restore`).set(auth).expect(200);
    expect(await history(`/api/product/${product._id}/revisions`)).toHaveLength(1);

    await t.api.delete(`/api/product/${product._id}`).set(auth).expect(204);
    const [again] = (await t.api.get('/api/trash?q=Jamdani').set(auth).expect(200)).body;
    await t.api.delete(`/api/trash/${again._id}`).set(auth).expect(204);
    const client = await MongoClient.connect(t.mongoUri);
    try {
      const left = await client
        .db()
        .collection('revisions')
        .countDocuments({ itemId: new ObjectId(String(product._id)) });
      expect(left).toBe(0);
    } finally {
      await client.close();
    }
  });

  it('answers 404 for another item’s version, a missing item, and 400 for a malformed id', async () => {
    const [a, b] = await Promise.all(
      ['Chanderi', 'Maheshwari'].map(async (name) => {
        const created = await t.api
          .post('/api/product')
          .set(auth)
          .send({ ProductName: name, ProductCategory: 'Silk' })
          .expect(201);
        await t.api
          .put(`/api/product/${created.body._id}`)
          .set(auth)
          .send({ ProductHeading: `${name} heading` })
          .expect(200);
        return created.body;
      }),
    );
    const [ofA] = await history(`/api/product/${a._id}/revisions`);
    await t.api.post(`/api/product/${b._id}/revisions/${ofA._id}/restore`).set(auth).expect(404);
    await t.api.get('/api/product/0123456789abcdef01234567/revisions').set(auth).expect(404);
    await t.api.get('/api/product/nope/revisions').set(auth).expect(400);
    await t.api.post(`/api/product/${a._id}/revisions/nope/restore`).set(auth).expect(400);
  });
});
