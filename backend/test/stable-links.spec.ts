import { bearer, useTestApp } from './support/test-app';

describe('stable links: earlier slugs, slugs set by hand', () => {
  let auth: Record<string, string>;

  const t = useTestApp({ SITE_URL: 'https://vitrine.example/' });
  beforeAll(async () => {
    auth = bearer(t.adminToken);
  });

  const createProduct = (fields: Record<string, unknown>) =>
    t.api
      .post('/api/product/')
      .set(auth)
      .send({ ProductCategory: 'Poplin', ...fields });
  const rename = (id: string, fields: Record<string, unknown>) =>
    t.api.put(`/api/product/${id}`).set(auth).send(fields);

  it('answers an old slug with a 301 to the current one, which the original client follows', async () => {
    const created = await createProduct({ ProductName: 'Sky Poplin' }).expect(201);
    const renamed = await rename(created.body._id, { ProductName: 'Sky Blue Poplin' }).expect(200);
    expect(renamed.body).toMatchObject({ slug: 'sky-blue-poplin', slugHistory: ['sky-poplin'] });

    const moved = await t.api.get('/api/product/singleproject/sky-poplin?lang=en').expect(301);
    expect(moved.headers.location).toBe('/api/product/singleproject/sky-blue-poplin?lang=en');
    expect(moved.headers['cache-control']).toBe('no-cache');
    expect(moved.body).toMatchObject({ statusCode: 301, slug: 'sky-blue-poplin' });

    // What the spec's client gets by following it: the product, with its field names.
    const followed = await t.api.get('/api/product/singleproject/sky-poplin').redirects(1);
    expect(followed.status).toBe(200);
    expect(followed.body).toMatchObject({ _id: created.body._id, ProductName: 'Sky Blue Poplin' });
    // The old link by name, as older pages made them, leads there too.
    const byOldName = await t.api.get('/api/product/singleproject/Sky%20Poplin').expect(301);
    expect(byOldName.headers.location).toBe('/api/product/singleproject/sky-blue-poplin');
    await t.api.get('/api/product/singleproject/sky-blue-poplin').expect(200);
  });

  it('follows a chain of renames to the current slug in one step, and takes an earlier slug back', async () => {
    const created = await createProduct({ ProductName: 'Rust Khadi' }).expect(201);
    await rename(created.body._id, { ProductName: 'Rust Khadi II' }).expect(200);
    await rename(created.body._id, { ProductName: 'Rust Red Khadi' }).expect(200);
    for (const old of ['rust-khadi', 'rust-khadi-ii']) {
      const moved = await t.api.get(`/api/product/singleproject/${old}`).expect(301);
      expect(moved.headers.location).toBe('/api/product/singleproject/rust-red-khadi');
    }
    const back = await rename(created.body._id, { slug: 'rust-khadi' }).expect(200);
    expect(back.body.slug).toBe('rust-khadi');
    expect(back.body.slugHistory).toEqual(['rust-red-khadi', 'rust-khadi-ii']);
    await t.api.get('/api/product/singleproject/rust-khadi').expect(200);
  });

  it('keeps an old slug with its item: a new item of that name gets a slug of its own', async () => {
    const created = await createProduct({ ProductName: 'Moss Linen' }).expect(201);
    await rename(created.body._id, { ProductName: 'Deep Moss Linen' }).expect(200);
    const newcomer = await createProduct({ ProductName: 'Moss Linen' }).expect(201);
    expect(newcomer.body.slug).toBe('moss-linen-2');
    const moved = await t.api.get('/api/product/singleproject/moss-linen').expect(301);
    expect(moved.headers.location).toBe('/api/product/singleproject/deep-moss-linen');
  });

  it('takes a slug set by hand, and refuses one another item has now or had, with 409 naming slug', async () => {
    const created = await createProduct({ ProductName: 'Ochre Cotton', slug: 'ochre' }).expect(201);
    expect(created.body.slug).toBe('ochre');
    const other = await createProduct({ ProductName: 'Saffron Cotton' }).expect(201);
    await rename(other.body._id, { ProductName: 'Saffron Gold Cotton' }).expect(200);

    // Another item's current slug, and another item's earlier one.
    for (const slug of ['ochre', 'saffron-cotton']) {
      const clash = await createProduct({ ProductName: 'Clash', slug }).expect(409);
      expect(Object.keys(clash.body.errors)).toEqual(['slug']);
    }
    await rename(created.body._id, { slug: 'saffron-cotton' }).expect(409);
    const clash = await rename(other.body._id, { slug: 'ochre' }).expect(409);
    expect(clash.body.errors).toEqual({ slug: expect.stringMatching(/choose another slug/) });

    // Only the page address's characters: lowercase letters, digits, single hyphens.
    for (const slug of [
      'Ochre',
      'ochre cotton',
      'ochre--cotton',
      '-ochre',
      'ôchre',
      'a'.repeat(81),
    ]) {
      const invalid = await rename(created.body._id, { slug }).expect(400);
      expect(Object.keys(invalid.body.errors)).toEqual(['slug']);
    }
    await rename(created.body._id, { slug: null }).expect(400);
    // Empty means "from the name", which an unchanged name leaves as it is.
    const same = await rename(created.body._id, { slug: '', ProductPrice: 10 }).expect(200);
    expect(same.body.slug).toBe('ochre');
    // A slug set by hand is kept on a later edit that leaves the name alone.
    const kept = await rename(created.body._id, { ProductName: 'Ochre Cotton' }).expect(200);
    expect(kept.body.slug).toBe('ochre');
  });

  it('sets a service slug by hand and sends its earlier one on with 301', async () => {
    const created = await t.api
      .post('/api/service/')
      .set(auth)
      .send({ ServiceName: 'Kitchens', ServiceCategory: 'Interiors' })
      .expect(201);
    await t.api
      .put(`/api/service/${created.body._id}`)
      .set(auth)
      .send({ slug: 'modular-kitchens' })
      .expect(200);
    const moved = await t.api.get('/api/service/singleservice/kitchens').expect(301);
    expect(moved.headers.location).toBe('/api/service/singleservice/modular-kitchens');
    const clash = await t.api
      .post('/api/service/')
      .set(auth)
      .send({ ServiceName: 'Kitchens', ServiceCategory: 'Interiors', slug: 'kitchens' })
      .expect(409);
    expect(Object.keys(clash.body.errors)).toEqual(['slug']);
  });

  it('sends visitors no redirect to an unpublished item', async () => {
    const created = await createProduct({ ProductName: 'Secret Mull', published: false }).expect(
      201,
    );
    await rename(created.body._id, { ProductName: 'Secret Mull Two' }).expect(200);
    await t.api.get('/api/product/singleproject/secret-mull').expect(404);
    await t.api.get('/api/product/singleproject/secret-mull').set(auth).expect(301);
  });

  it('keeps the slug history through the trash, leaving to live items what they took meanwhile', async () => {
    const created = await createProduct({ ProductName: 'Lotus Voile' }).expect(201);
    await rename(created.body._id, { ProductName: 'Pink Lotus Voile' }).expect(200);
    await rename(created.body._id, { ProductName: 'Rose Lotus Voile' }).expect(200);
    await t.api.delete(`/api/product/${created.body._id}`).set(auth).expect(204);
    await t.api.get('/api/product/singleproject/lotus-voile').expect(404);

    // Meanwhile a live product takes one of its earlier slugs, and had its current one before.
    const other = await createProduct({ ProductName: 'Lotus Voile' }).expect(201);
    expect(other.body.slug).toBe('lotus-voile');
    await rename(other.body._id, { slug: 'rose-lotus-voile' }).expect(200);
    await rename(other.body._id, { slug: 'lotus-voile' }).expect(200);

    const entries = (await t.api.get('/api/trash?limit=100').set(auth).expect(200)).body as {
      _id: string;
      itemId: string;
    }[];
    const entry = entries.find((candidate) => candidate.itemId === created.body._id)!;
    await t.api.post(`/api/trash/${entry._id}/restore`).set(auth).expect(200);

    const restored = await t.api.get(`/api/product/${created.body._id}`).set(auth).expect(200);
    expect(restored.body.slug).toBe('rose-lotus-voile');
    expect(restored.body.slugHistory).toEqual(['pink-lotus-voile']);
    await t.api.get('/api/product/singleproject/rose-lotus-voile').expect(200);
    const moved = await t.api.get('/api/product/singleproject/pink-lotus-voile').expect(301);
    expect(moved.headers.location).toBe('/api/product/singleproject/rose-lotus-voile');
    const live = await t.api.get(`/api/product/${other.body._id}`).set(auth).expect(200);
    expect(live.body).toMatchObject({ slug: 'lotus-voile', slugHistory: [] });
  });

  it('lists only current slugs in the sitemap', async () => {
    const sitemap = await t.api.get('/sitemap.xml').expect(200);
    expect(sitemap.text).toContain('https://vitrine.example/singleproject/sky-blue-poplin<');
    expect(sitemap.text).not.toContain('/singleproject/sky-poplin<');
    expect(sitemap.text).toContain('https://vitrine.example/singleservice/modular-kitchens<');
    expect(sitemap.text).not.toContain('/singleservice/kitchens<');
  });
});
