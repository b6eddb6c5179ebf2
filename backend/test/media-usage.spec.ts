import { uploadToLibrary } from './support/fixtures';
import { bearer, useTestApp } from './support/test-app';

interface Place {
  kind: string;
  id: string;
  title: string;
  field: string;
  placedAlt: string | null;
}

interface Photo {
  mediaId: string;
  alt: string;
}

/**
 * Where a library image is placed (`GET /media/{id}/usage`), deleting one in use (409, or
 * taken out of its places first with detach=true), and alt text that follows to the places.
 */
describe('media in use', () => {
  let auth: Record<string, string>;
  const t = useTestApp();
  beforeAll(() => {
    auth = bearer(t.adminToken);
  });

  const upload = (alt: string, color: string) => uploadToLibrary(t, auth, alt, color);
  const usage = async (id: string): Promise<Place[]> =>
    (await t.api.get(`/api/media/${id}/usage`).set(auth).expect(200)).body;

  /** A project showing the image as its second photo and in its description. */
  async function projectWith(name: string, mediaId: string, otherId: string) {
    const created = await t.api
      .post('/api/product/')
      .set(auth)
      .send({
        ProductName: name,
        ProductCategory: 'Linen',
        ProductDescription: `<p>Before.</p><img src="/uploads/${mediaId}-400.webp" alt="Drapes, close-up" /><p>After.</p>`,
        photos: [
          { mediaId: otherId, alt: 'The whole room' },
          { mediaId, alt: 'Drapes in the bay window' },
        ],
      })
      .expect(201);
    return created.body as { _id: string; photos: Photo[]; ProductDescription: string };
  }

  async function saveBanner(mediaId: string) {
    const { body } = await t.api.get('/api/settings').set(auth).expect(200);
    const { updatedAt: _updatedAt, ...profile } = body;
    await t.api
      .put('/api/settings')
      .set(auth)
      .send({ ...profile, banner: { mediaId } })
      .expect(200);
  }

  const project = async (id: string) =>
    (await t.api.get(`/api/product/${id}`).set(auth).expect(200)).body as {
      photos: Photo[];
      ProductDescription: string;
      ProductImage: string;
    };

  it('lists each field of each item that places an image, and refuses to delete it (409 naming them) until detach', async () => {
    const image = await upload('Linen drapes', '#884422');
    const other = await upload('Room', '#224488');
    const created = await projectWith('Usage Bay Window', image._id, other._id);
    const gallery = await t.api
      .post('/api/gallery')
      .set(auth)
      .send({ photos: [{ mediaId: image._id, alt: 'Drapes in the gallery' }] })
      .expect(201);
    await saveBanner(image._id);

    const places = await usage(image._id);
    expect(places).toEqual(
      expect.arrayContaining([
        {
          kind: 'product',
          id: created._id,
          title: 'Usage Bay Window',
          field: 'ProductDescription',
          placedAlt: 'Drapes, close-up',
        },
        {
          kind: 'product',
          id: created._id,
          title: 'Usage Bay Window',
          field: 'photos',
          placedAlt: 'Drapes in the bay window',
        },
        {
          kind: 'gallery',
          id: gallery.body[0]._id,
          title: 'Drapes in the gallery',
          field: 'image',
          placedAlt: 'Drapes in the gallery',
        },
        // The banner shows the library's alt text itself: no copy to update.
        {
          kind: 'settings',
          id: expect.any(String),
          title: 'Site settings',
          field: 'banner',
          placedAlt: null,
        },
      ]),
    );
    // ProductImage and media only repeat the photos for older clients: not places.
    expect(places).toHaveLength(4);
    await t.api.get('/api/media/0123456789abcdef0123/usage').set(auth).expect(404);

    const refused = await t.api.delete(`/api/media/${image._id}`).set(auth).expect(409);
    // The admin's word for a product.
    expect(refused.body.message).toContain('project "Usage Bay Window"');
    expect(refused.body.message).toContain('gallery image "Drapes in the gallery"');
    expect(refused.body.message).toContain('the site settings');
    expect(await usage(image._id)).toHaveLength(4);

    await t.api.delete(`/api/media/${image._id}?detach=true`).set(auth).expect(204);
    await t.api.get(`/api/media/${image._id}`).set(auth).expect(404);
    // The audit names the image deleted, and the fields the detach changed.
    const [audited] = (await t.api.get('/api/audit?category=media').set(auth).expect(200)).body;
    expect(audited).toMatchObject({
      action: 'delete',
      entityId: image._id,
      itemName: 'Linen drapes',
    });
    expect(audited.fields).toEqual(expect.arrayContaining(['photos', 'ProductDescription']));

    // The project still shows its other photo, the description its text.
    const after = await project(created._id);
    expect(after.photos.map(({ mediaId, alt }) => ({ mediaId, alt }))).toEqual([
      { mediaId: other._id, alt: 'The whole room' },
    ]);
    expect(after.ProductDescription).toBe('<p>Before.</p><p>After.</p>');
    expect(after.ProductImage).toBe(`${other._id}-400.webp`);
    const visitor = await t.api.get(`/api/product/${created._id}`).expect(200);
    expect(JSON.stringify(visitor.body)).not.toContain(image._id);
    // Each place's edit is kept in its history, as an admin's edit would be.
    const history = await t.api.get(`/api/product/${created._id}/revisions`).set(auth).expect(200);
    expect(history.body.length).toBeGreaterThanOrEqual(1);
    const galleryNow = await t.api.get('/api/gallery').expect(200);
    expect(galleryNow.body.map((item: { _id: string }) => item._id)).not.toContain(
      gallery.body[0]._id,
    );
    expect((await t.api.get('/api/settings').expect(200)).body.banner).toBeNull();
    const settingsHistory = await t.api.get('/api/settings/revisions').set(auth).expect(200);
    expect(settingsHistory.body.length).toBeGreaterThanOrEqual(1);
  });

  it('refuses detach (403, nothing changed) to an API token that may write media but not projects', async () => {
    const image = await upload('Khadi', '#557711');
    const other = await upload('Khadi room', '#117755');
    const created = await projectWith('Usage Token Project', image._id, other._id);
    const token = await t.api
      .post('/api/tokens')
      .set(auth)
      .send({ name: 'Media only', rights: { media: ['read', 'write'] }, expiresInDays: 7 })
      .expect(201);

    const refused = await t.api
      .delete(`/api/media/${image._id}?detach=true`)
      .set(bearer(token.body.token))
      .expect(403);
    expect(refused.body.message).toContain('product:write');
    expect((await project(created._id)).photos).toHaveLength(2);
    await t.api.get(`/api/media/${image._id}`).set(auth).expect(200);
    const bad = await t.api.delete(`/api/media/${image._id}?detach=maybe`).set(auth).expect(400);
    expect(bad.body.errors).toEqual({ detach: 'detach must be true or false' });
  });

  it('gives the placed copies the new alt text when asked, and only then', async () => {
    const image = await upload('Indigo cushions', '#220088');
    const other = await upload('Sofa', '#880022');
    const created = await projectWith('Usage Alt Project', image._id, other._id);
    const gallery = await t.api
      .post('/api/gallery')
      .set(auth)
      .send({ photos: [{ mediaId: image._id, alt: 'Cushions, gallery' }] })
      .expect(201);

    await t.api
      .patch(`/api/media/${image._id}`)
      .set(auth)
      .send({ alt: 'Library only' })
      .expect(200);
    expect((await project(created._id)).photos[1].alt).toBe('Drapes in the bay window');

    const alt = 'Indigo "Bagru" cushions & throws';
    const saved = await t.api
      .patch(`/api/media/${image._id}`)
      .set(auth)
      .send({ alt, updatePlaced: true })
      .expect(200);
    expect(saved.body.alt).toBe(alt);
    const after = await project(created._id);
    expect(after.photos.map((photo) => photo.alt)).toEqual(['The whole room', alt]);
    expect(after.ProductDescription).toContain(
      'alt="Indigo &quot;Bagru&quot; cushions &amp; throws"',
    );
    expect((await usage(image._id)).map((place) => place.placedAlt)).toEqual([alt, alt, alt]);
    const galleryItem = (await t.api.get('/api/gallery').expect(200)).body.find(
      (item: { _id: string }) => item._id === gallery.body[0]._id,
    );
    expect(galleryItem.alt).toBe(alt);

    const refused = await t.api
      .patch(`/api/media/${image._id}`)
      .set(auth)
      .send({ alt: 'x', updatePlaced: 'yes' })
      .expect(400);
    expect(refused.body.errors).toEqual({ updatePlaced: 'updatePlaced must be true or false' });
    expect((await usage(image._id))[0].placedAlt).toBe(alt);
  });
});
