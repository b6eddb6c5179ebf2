import { waitUntil } from '@vitrine/testing';
import { createRecord, uploadToLibrary } from './support/fixtures';
import { pngImage } from './support/images';
import { bearer, createTestApp, useTestApp } from './support/test-app';

describe('GET /api/content-version', () => {
  let auth: Record<string, string>;
  const version = async (app = t) => {
    const response = await app.api.get('/api/content-version').expect(200);
    return response.body.version as string;
  };

  const t = useTestApp();
  beforeAll(async () => {
    auth = bearer(t.adminToken);
  });

  it('answers anyone with { version }, to be revalidated on every use', async () => {
    const response = await t.api.get('/api/content-version').expect(200);
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.body).toEqual({ version: expect.any(String) });
    expect(response.body.version).not.toBe('');
    expect(await version()).toBe(response.body.version);
  });

  it('changes with every kind of public content write, and is seen at once on this instance', async () => {
    const changes: [string, () => Promise<unknown>][] = [];
    let productId = '';
    let serviceId = '';
    let reviewId = '';
    let galleryId = '';
    changes.push(
      [
        'a product created',
        async () => {
          const fields = { ProductName: 'Versioned linen', ProductCategory: 'Linen' };
          productId = (await createRecord(t, auth, '/api/product/', fields))._id;
        },
      ],
      [
        'a product unpublished',
        () =>
          t.api.put(`/api/product/${productId}`).set(auth).send({ published: false }).expect(200),
      ],
      ['a product deleted', () => t.api.delete(`/api/product/${productId}`).set(auth).expect(204)],
      [
        'a service created',
        async () => {
          const fields = { ServiceName: 'Versioned dyeing', ServiceCategory: 'Dyeing' };
          serviceId = (await createRecord(t, auth, '/api/service/', fields))._id;
        },
      ],
      [
        'a service changed',
        () =>
          t.api
            .put(`/api/service/${serviceId}`)
            .set(auth)
            .send({ ServiceHeading: 'Indigo' })
            .expect(200),
      ],
      [
        'a review created',
        async () => {
          const fields = { ClientName: 'Meera', ClientReview: 'Lovely weave' };
          reviewId = (await createRecord(t, auth, '/api/reviews/', fields))._id;
        },
      ],
      ['a review deleted', () => t.api.delete(`/api/reviews/${reviewId}`).set(auth).expect(204)],
      [
        'a gallery image added',
        async () => {
          const { body } = await t.api
            .post('/api/gallery')
            .set(auth)
            .field('alt', 'Loom')
            .attach('images', await pngImage(400, 300), 'loom.png')
            .expect(201);
          galleryId = body[0]._id;
        },
      ],
      [
        'a gallery image retitled',
        () =>
          t.api.patch(`/api/gallery/${galleryId}`).set(auth).send({ alt: 'Old loom' }).expect(200),
      ],
      [
        'a gallery image deleted',
        () => t.api.delete(`/api/gallery/${galleryId}`).set(auth).expect(204),
      ],
    );
    const { body: settings } = await t.api.get('/api/settings').expect(200);
    changes.push([
      'the settings saved',
      () =>
        t.api
          .put('/api/settings')
          .set(auth)
          .send({
            companyName: settings.companyName,
            description: settings.description,
            address: settings.address,
            email: settings.email,
            phone: '+91 99999 00000',
          })
          .expect(200),
    ]);

    const seen = new Set([await version()]);
    for (const [what, change] of changes) {
      const before = await version();
      await change();
      const after = await version();
      expect({ what, changed: after !== before }).toEqual({ what, changed: true });
      expect({ what, new: !seen.has(after) }).toEqual({ what, new: true });
      seen.add(after);
    }
  });

  it('stays the same while nothing public changes: reads, refused writes and enquiries', async () => {
    const before = await version();
    await t.api.get('/api/product').expect(200);
    await t.api.post('/api/product/').set(auth).send({ ProductCategory: 'No name' }).expect(400);
    await t.api
      .post('/api/product/')
      .send({ ProductName: 'Anon', ProductCategory: 'X' })
      .expect(401);
    await t.api
      .post('/api/enquiries')
      .send({ Name: 'Ravi', Contact: '98765 43210', Email: '', Message: '' })
      .expect(201);
    expect(await version()).toBe(before);
  });

  it('changes when a stored image is deleted, so caches of its files (the shell keeps them) let it go', async () => {
    const image = await uploadToLibrary(t, auth, 'Short-lived swatch', '#336699');
    const file = image.media.variants[0].url;
    await t.api.get(file).expect(200);
    const before = await version();
    await t.api.delete(`/api/media/${image._id}`).set(auth).expect(204);
    expect(await version()).not.toBe(before);
    await t.api.get(file).expect(404);
  });

  it('changes on every instance within a second of a write through another', async () => {
    const other = await createTestApp({ MONGODB_URI: t.mongoUri });
    try {
      expect(await version(other)).toBe(await version());
      // The other instance's cache holds the list before the write.
      const primed = await other.api.get('/api/product').expect(200);
      await createRecord(t, auth, '/api/product/', {
        ProductName: 'Seen elsewhere',
        ProductCategory: 'Linen',
      });
      // Its own check, not a question to it, is what must notice.
      await waitUntil(
        async () => {
          const list = await other.api.get('/api/product').expect(200);
          return (
            list.headers.etag !== primed.headers.etag &&
            list.body.some((p: { ProductName: string }) => p.ProductName === 'Seen elsewhere')
          );
        },
        1000,
        "the other instance's list showing the new product",
        20,
      );
      expect(await version(other)).toBe(await version());
    } finally {
      await other.close();
    }
  });
});
